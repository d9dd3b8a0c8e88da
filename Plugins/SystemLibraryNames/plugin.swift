import PackagePlugin

/// Records, at build time, the soname and Debian package of each C library a target opens with
/// `dlopen` (Storage: SQLCipher, libsodium, tpm2-tss; PostgresStore: libpq), as the system the
/// build runs on provides them: `SystemLibraryNamesTool` asks pkg-config where the library the
/// linker would find is, reads its ELF `DT_SONAME` and asks dpkg which package installs it.
/// The app never writes a soname by hand, and still loads none of them before the PIN window.
@main
struct SystemLibraryNames: BuildToolPlugin {
    /// The libraries of each target: a Swift name, the pkg-config module, the library (`-l`).
    static let libraries: [String: [(name: String, module: String, library: String)]] = [
        "Storage": [
            ("sqlcipher", "sqlcipher", "sqlcipher"),
            ("sodium", "libsodium", "sodium"),
            ("tss2Esys", "tss2-esys", "tss2-esys"),
            ("tss2TctiLoader", "tss2-tctildr", "tss2-tctildr"),
            ("tss2ResponseCodes", "tss2-rc", "tss2-rc"),
            ("tss2Marshaling", "tss2-mu", "tss2-mu"),
        ],
        "PostgresStore": [("libpq", "libpq", "pq")],
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let libraries = Self.libraries[target.name] else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "SystemLibraryNames.swift")
        return [
            .buildCommand(
                displayName: "Recording the sonames of \(target.name)'s C libraries",
                executable: try context.tool(named: "SystemLibraryNamesTool").url,
                arguments: [output.path] + libraries.map { "\($0.name)=\($0.module):\($0.library)" },
                outputFiles: [output]
            )
        ]
    }
}
