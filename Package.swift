// swift-tools-version:6.0
// Pinform — a PIN pad and typed forms for the Linux desktop, on GTK 4.
// Layers (see DESIGN.md): headless ControlState / PinCode / Forms, then Storage,
// then the thin Gtk layer over CGtk, then Controls, then the app.
import PackageDescription

let package = Package(
    name: "Pinform",
    products: [
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
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),

        // Headless logic: no display, no GTK.
        .target(name: "ControlState"),
        .target(name: "PinCode", dependencies: ["ControlState"]),
        .target(name: "Forms", dependencies: ["ControlState"]),

        // Persistence.
        .target(name: "Storage", dependencies: ["CSQLite", "CSodium"]),

        // GTK.
        .target(name: "Gtk", dependencies: ["CGtk"]),
        .target(name: "Controls", dependencies: ["Gtk", "ControlState", "Forms"]),
        // The PIN view and keypad: apart, so that forms do not link PinCode.
        .target(name: "PinControls", dependencies: ["Gtk", "ControlState", "PinCode"]),

        // Examples, built with everything else.
        .executableTarget(name: "InvoiceExample", dependencies: ["Controls"], path: "Examples/InvoiceWindow"),

        // Benchmark support: counts heap allocations (interposes malloc in pinform-bench only).
        .target(name: "CAllocCounter"),

        // Executables.
        .executableTarget(
            name: "Pinform",
            dependencies: ["Controls", "PinControls", "Gtk", "Storage", "PinCode", "Forms", "ControlState"]
        ),
        .executableTarget(
            name: "PinformBench",
            dependencies: ["ControlState", "PinCode", "Forms", "Storage", "CAllocCounter", "Controls", "PinControls", "Gtk"]
        ),

        // Tests.
        .testTarget(name: "ControlStateTests", dependencies: ["ControlState"]),
        .testTarget(name: "PinCodeTests", dependencies: ["PinCode", "ControlState"]),
        .testTarget(name: "FormsTests", dependencies: ["Forms"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage"]),
        .testTarget(name: "GtkTests", dependencies: ["Gtk"]),
        .testTarget(name: "ControlsTests", dependencies: ["Controls", "PinControls", "Gtk", "PinCode", "Forms", "ControlState"]),
        .testTarget(name: "PinformTests", dependencies: ["Pinform"]),
    ],
    swiftLanguageModes: [.v6]
)
