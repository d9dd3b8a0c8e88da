import Foundation

/// Where the files of `data/` are: installed beside the binary (`<prefix>/share/pinform`),
/// or in the source tree when the app runs from a build folder (`swift run`).
public struct DataFiles: Sendable {
    /// The folder holding `style.css` and the settings schema source.
    public let directory: URL
    /// Whether the files come from the source tree rather than an installation.
    public let isSourceTree: Bool
    /// Whether the files are those installed beside the binary.
    public var isInstalled = false

    /// Finds the data folder: `$PINFORM_DATA_DIR`, then the installed one, then the source tree.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> DataFiles? {
        let fileManager = FileManager.default
        func hasStyle(_ url: URL) -> Bool { fileManager.fileExists(atPath: url.appendingPathComponent("style.css").path) }

        if let override = environment["PINFORM_DATA_DIR"], hasStyle(URL(fileURLWithPath: override)) {
            return DataFiles(directory: URL(fileURLWithPath: override), isSourceTree: false)
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let installed = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/pinform")
        if hasStyle(installed) { return DataFiles(directory: installed, isSourceTree: false, isInstalled: true) }

        // Sources/PinformCore/DataFiles.swift → the package root.
        let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data")
        if hasStyle(sourceTree) { return DataFiles(directory: sourceTree, isSourceTree: true) }
        return nil
    }

    /// Where the compiled translations are: `$PINFORM_LOCALE_DIR`, then the installed
    /// `<prefix>/share/locale`, then the source tree's `.build/locale` (scripts/run fills it).
    public static func catalogDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let override = environment["PINFORM_LOCALE_DIR"], !override.isEmpty { return override }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let prefix = executable.deletingLastPathComponent().deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/pinform/style.css").path) {
            return prefix.appendingPathComponent("share/locale").path
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/locale").path
    }

    /// The application stylesheet.
    public var styleSheet: URL { directory.appendingPathComponent("style.css") }

    /// The settings schema's source (its XML), beside the stylesheet.
    public var schemaSource: URL { directory.appendingPathComponent("\(SettingsSchema.id).gschema.xml") }

    /// The stylesheet for dark mode, if there is one.
    public var darkStyleSheet: URL { directory.appendingPathComponent("style-dark.css") }

    /// A folder with a compiled copy of the source tree's schema, compiled again when the XML
    /// is newer. Installed copies are found by GLib itself and need none of this.
    public func compiledSchemaDirectory(cacheHome: URL) -> URL? {
        guard isSourceTree else { return nil }
        let fileManager = FileManager.default
        let source = schemaSource
        let target = cacheHome.appendingPathComponent("pinform/schemas")
        let compiled = target.appendingPathComponent("gschemas.compiled")
        let sourceDate = (try? fileManager.attributesOfItem(atPath: source.path)[.modificationDate] as? Date) ?? .distantFuture
        let compiledDate = (try? fileManager.attributesOfItem(atPath: compiled.path)[.modificationDate] as? Date) ?? .distantPast
        if compiledDate >= sourceDate { return target }

        do {
            try fileManager.createDirectory(at: target, withIntermediateDirectories: true)
            let staging = target.appendingPathComponent(source.lastPathComponent)
            try? fileManager.removeItem(at: staging)
            try fileManager.copyItem(at: source, to: staging)
            let compiler = Process()
            compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            compiler.arguments = ["glib-compile-schemas", "--strict", target.path]
            try compiler.run()
            compiler.waitUntilExit()
            return compiler.terminationStatus == 0 ? target : nil
        } catch {
            return nil
        }
    }
}
