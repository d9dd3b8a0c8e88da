// swift-tools-version:6.2
// A package of someone else's that uses Pinform's form widgets: it depends on the `Controls`
// library by path and must build with a plain `swift build` (no flags, no generated files).
// .ci/run builds it.
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [
        .package(name: "Pinform", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: [.product(name: "Controls", package: "Pinform")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
