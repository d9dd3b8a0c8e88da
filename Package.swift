// swift-tools-version:6.2
// Pinform — a PIN pad and typed forms for the Linux desktop, on GTK 4.
// Layers (see docs/architecture.md): headless ControlState / PinCode / Forms, then Storage, then PinformCore (the app's logic),
// then the thin Gtk layer over CGtk, then Controls, then the app.
import PackageDescription

let package = Package(
    name: "Pinform",
    products: [
        .library(name: "Localization", targets: ["Localization"]),
        .library(name: "ControlState", targets: ["ControlState"]),
        .library(name: "PinCode", targets: ["PinCode"]),
        .library(name: "Forms", targets: ["Forms"]),
        .library(name: "FormDefinitions", targets: ["FormDefinitions"]),
        .library(name: "Controls", targets: ["Controls"]),
        .library(name: "PinControls", targets: ["PinControls"]),
        .executable(name: "pinform", targets: ["Pinform"]),
        .executable(name: "pinform-bench", targets: ["PinformBench"]),
    ],
    targets: [
        // System libraries from Debian packages.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]
        ),
        // SQLCipher, libsodium and tpm2-tss: only their headers (no `pkgConfig`, which would link
        // them, and no `link` in the module maps). Storage opens each with dlopen at its first use
        // (CLibrary: SQLCipher, Sodium, TSS2Functions), so that they and libcrypto are not loaded
        // before the PIN window (docs/benchmarks.md).
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlcipher-dev"])]
        ),
        .systemLibrary(name: "CIntl"),
        .systemLibrary(
            name: "CSodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        // libpq's header, for the shared PostgreSQL store only (scripts/check-layers). Not
        // linked: PostgresStore opens libpq.so.5 with dlopen at the first connection (LibPQ),
        // so that libpq and its 19 libraries are not loaded before the PIN window (docs/benchmarks.md).
        .systemLibrary(
            name: "CPostgres",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "CTss2",
            providers: [.apt(["libtss2-dev"])]
        ),

        // Headless logic: no display, no GTK.
        // gettext through glibc: a C boundary, like Gtk and Storage.
        .target(name: "Localization", dependencies: ["CIntl"]),
        // Plain, safe Swift, checked by the compiler (`unsafe` only where PinCode wipes or
        // locks digit bytes, and where a pattern rule stops ICU's matcher: `PatternMatch`).
        .target(name: "ControlState", swiftSettings: [.strictMemorySafety()]),
        .target(name: "PinCode", dependencies: ["ControlState", "Localization"], swiftSettings: [.strictMemorySafety()]),
        .target(name: "Forms", dependencies: ["ControlState", "Localization"], swiftSettings: [.strictMemorySafety()]),
        // Forms defined as data (the form designer's): definitions, their records, the
        // expression language of computed fields, checks and changes; built into a `Form`.
        .target(name: "FormDefinitions", dependencies: ["Forms", "ControlState", "Localization"], swiftSettings: [.strictMemorySafety()]),

        // Persistence.
        // PinCode: the lockout arithmetic of `PinCheck`'s security transaction.
        // SystemLibraryNames records at build time the sonames of the C libraries it opens.
        .target(name: "Storage", dependencies: ["CSQLite", "CSodium", "CTss2", "PinCode", "Localization"],
                plugins: ["SystemLibraryNames"]),

        // The shared store: the record store protocol over PostgreSQL through libpq.
        .target(name: "PostgresStore", dependencies: ["CPostgres", "Storage", "Localization"],
                plugins: ["SystemLibraryNames"]),

        // Build time: the soname and package of each library Storage and PostgresStore open with
        // dlopen, read from the library the build finds (pkg-config, its ELF soname, dpkg), so
        // that no soname is written by hand.
        .executableTarget(name: "SystemLibraryNamesTool"),
        .plugin(name: "SystemLibraryNames", capability: .buildTool(), dependencies: ["SystemLibraryNamesTool"]),

        // The application's logic, headless: the PIN flow, the records session, the record
        // models' contract, typed action and settings names. Never GTK.
        .target(name: "PinformCore", dependencies: ["Storage", "PostgresStore", "PinCode", "Forms", "ControlState", "Localization"]),

        // The record models (Person, Size, Invoice), their forms and the registry the app
        // shows: a library, so that the models' logic (totals, ages, reading older records) is
        // tested without the executable. A model is one file here and one line in ModelRegistry.
        .target(name: "PinformModels", dependencies: ["PinformCore", "Controls", "Forms", "Storage", "Gtk", "Localization", "FormDefinitions"]),

        // GTK.
        // The only module that sees C (scripts/check-layers): Swift types in its public API.
        .target(name: "Gtk", dependencies: ["CGtk"], exclude: ["Testing"]),
        // Test support, never linked into the app: reading back accessibility through GTK's test
        // API, emitting signals as input would.
        .target(name: "GtkTesting", dependencies: ["Gtk", "CGtk"], path: "Sources/Gtk/Testing"),
        .target(name: "Controls", dependencies: ["Gtk", "ControlState", "Forms", "Localization"]),
        // The PIN view and keypad: apart, so that forms do not link PinCode.
        .target(name: "PinControls", dependencies: ["Controls", "Gtk", "ControlState", "PinCode", "Localization"]),

        // Examples, built with everything else.
        .executableTarget(name: "InvoiceExample", dependencies: ["Controls", "Localization"], path: "Examples/InvoiceWindow"),

        // Tests and benchmark: a software TPM (swtpm) on localhost; never linked into the app.
        .target(name: "SoftwareTPM"),
        // Tests and benchmark: a private PostgreSQL cluster (initdb, a Unix socket in a temporary
        // folder); never a server the tests did not start.
        .target(name: "PostgresCluster"),

        // Benchmark support: counts heap allocations (interposes malloc in pinform-bench only).
        .target(name: "CAllocCounter"),

        // One seeded generator (SplitMix64) for fuzz and property tests and benchmark walks.
        .target(name: "SeededRandom", swiftSettings: [.strictMemorySafety()]),

        // Test support: a test case with a fresh folder of its own (and the app's folders in it).
        .target(name: "TestFolders", dependencies: ["Storage", "PinformCore", "PinformModels", "Gtk"]),

        // Executables.
        .executableTarget(
            name: "Pinform",
            dependencies: ["PinformCore", "PinformModels", "Controls", "PinControls", "Gtk", "Storage", "PinCode", "Forms", "ControlState", "Localization", "FormDefinitions"]
        ),
        .executableTarget(
            name: "PinformBench",
            dependencies: ["ControlState", "PinCode", "Forms", "Storage", "CAllocCounter", "Controls", "PinControls", "Gtk", "SoftwareTPM", "SeededRandom",
                           "FormDefinitions", "PostgresStore", "PostgresCluster"]
        ),

        // Tests.
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "ControlStateTests", dependencies: ["ControlState"]),
        .testTarget(name: "PinCodeTests", dependencies: ["PinCode", "ControlState", "Localization", "SeededRandom"]),
        .testTarget(name: "FormsTests", dependencies: ["Forms", "SeededRandom"]),
        .testTarget(name: "FormDefinitionsTests", dependencies: ["FormDefinitions", "Forms", "SeededRandom"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "SoftwareTPM", "Localization", "PinCode", "SeededRandom"]),
        .testTarget(name: "PostgresStoreTests", dependencies: ["PostgresStore", "PostgresCluster", "Storage"]),
        .testTarget(name: "GtkTests", dependencies: ["Gtk", "GtkTesting"]),
        .testTarget(name: "ControlsTests", dependencies: ["Controls", "PinControls", "Gtk", "GtkTesting", "PinCode", "Forms", "ControlState"]),
        .testTarget(name: "PinformCoreTests", dependencies: ["PinformCore", "Storage", "PostgresStore", "PostgresCluster", "PinCode", "Forms", "Localization", "SoftwareTPM"]),
        .testTarget(name: "PinformModelsTests", dependencies: ["PinformModels", "TestFolders", "PinformCore", "Storage", "Forms", "Controls", "Gtk", "GtkTesting", "FormDefinitions"]),
        .testTarget(name: "PinformTests", dependencies: ["Pinform", "GtkTesting", "TestFolders", "PinformModels", "PinformCore", "SoftwareTPM", "PostgresCluster", "PostgresStore"]),
    ],
    swiftLanguageModes: [.v6]
)

