// swift-tools-version:6.2
// Pinform — a PIN pad and typed forms for the Linux desktop, on GTK 4.
// Layers (see DESIGN.md): headless ControlState / PinCode / Forms, then Storage,
// then the thin Gtk layer over CGtk, then Controls, then the app.
import PackageDescription

let package = Package(
    name: "Pinform",
    products: [
        .library(name: "Localization", targets: ["Localization"]),
        .library(name: "ControlState", targets: ["ControlState"]),
        .library(name: "PinCode", targets: ["PinCode"]),
        .library(name: "Forms", targets: ["Forms"]),
        .library(name: "Controls", targets: ["Controls"]),
        .library(name: "PinControls", targets: ["PinControls"]),
        .executable(name: "pinform", targets: ["Pinform"]),
        .executable(name: "pinform-bench", targets: ["PinformBench"]),
    ],
    targets: [
        // System libraries from Debian packages.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlcipher",
            providers: [.apt(["libsqlcipher-dev"])]
        ),
        .systemLibrary(name: "CIntl"),
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        .systemLibrary(
            name: "CTss2",
            pkgConfig: "tss2-esys",
            providers: [.apt(["libtss2-dev"])]
        ),

        // Headless logic: no display, no GTK.
        // gettext through glibc: a C boundary, like Gtk and Storage.
        .target(name: "Localization", dependencies: ["CIntl"]),
        // Plain, safe Swift, checked by the compiler (`unsafe` only where PinCode wipes or
        // locks digit bytes).
        .target(name: "ControlState", swiftSettings: [.strictMemorySafety()]),
        .target(name: "PinCode", dependencies: ["ControlState", "Localization"], swiftSettings: [.strictMemorySafety()]),
        .target(name: "Forms", dependencies: ["ControlState", "Localization"], swiftSettings: [.strictMemorySafety()]),

        // Persistence.
        .target(name: "Storage", dependencies: ["CSQLite", "CSodium", "CTss2", "Localization"]),

        // GTK.
        .target(name: "Gtk", dependencies: ["CGtk"]),
        .target(name: "Controls", dependencies: ["Gtk", "ControlState", "Forms", "Localization"]),
        // The PIN view and keypad: apart, so that forms do not link PinCode.
        .target(name: "PinControls", dependencies: ["Controls", "Gtk", "ControlState", "PinCode", "Localization"]),

        // Examples, built with everything else.
        .executableTarget(name: "InvoiceExample", dependencies: ["Controls", "Localization"], path: "Examples/InvoiceWindow"),

        // Tests and benchmark: a software TPM (swtpm) on localhost; never linked into the app.
        .target(name: "SoftwareTPM"),

        // Benchmark support: counts heap allocations (interposes malloc in pinform-bench only).
        .target(name: "CAllocCounter"),

        // Executables.
        .executableTarget(
            name: "Pinform",
            dependencies: ["Controls", "PinControls", "Gtk", "Storage", "PinCode", "Forms", "ControlState", "Localization"],
            linkerSettings: packedRelocations
        ),
        .executableTarget(
            name: "PinformBench",
            dependencies: ["ControlState", "PinCode", "Forms", "Storage", "CAllocCounter", "Controls", "PinControls", "Gtk", "SoftwareTPM"]
        ),

        // Tests.
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "ControlStateTests", dependencies: ["ControlState"]),
        .testTarget(name: "PinCodeTests", dependencies: ["PinCode", "ControlState", "Localization"]),
        .testTarget(name: "FormsTests", dependencies: ["Forms"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "SoftwareTPM"]),
        .testTarget(name: "GtkTests", dependencies: ["Gtk"]),
        .testTarget(name: "ControlsTests", dependencies: ["Controls", "PinControls", "Gtk", "PinCode", "Forms", "ControlState"]),
        .testTarget(name: "PinformTests", dependencies: ["Pinform", "SoftwareTPM"]),
    ],
    swiftLanguageModes: [.v6]
)

/// The app's release binary is linked by lld with its relative relocations packed (DT_RELR,
/// glibc 2.36): with the Swift runtime linked in (`--static-swift-stdlib`, as meson installs
/// it) the 78,000 relocations shrink from 1.9 MB, all read at start-up, to 15 KB — 1.7 MB less
/// resident memory at the first frame (docs/benchmarks.md). Only the executable: a package
/// that depends on the libraries gets no flags from here.
var packedRelocations: [LinkerSetting] {
    [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                  .when(platforms: [.linux], configuration: .release))]
}
