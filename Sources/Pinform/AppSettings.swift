import Foundation
import Gtk
import Localization
import PinformCore

/// The application's preferences: GSettings when the compiled schema is found; otherwise this
/// run keeps them in memory, starting from the defaults in the schema's source file (the app
/// still works, it just forgets). The schema's defaults are the only defaults.
@MainActor
final class AppSettings {
    private let settings: Settings?
    /// The values of this run when GSettings has no schema, in the schema's text form.
    private var memory: [SettingsKey: String] = [:]

    /// - Parameters:
    ///   - schemaDirectories: Folders with a compiled schema, besides GLib's own.
    ///   - schemaSource: The schema's XML, read for its defaults when no compiled schema is
    ///     found; when it cannot be read either, the app says so and exits (it is installed
    ///     incompletely).
    init(schemaDirectories: [String], schemaSource: URL? = DataFiles.locate()?.schemaSource) {
        settings = Settings(schemaID: SettingsSchema.id, searchDirectories: schemaDirectories)
        guard settings == nil else { return }
        let file = schemaSource ?? URL(fileURLWithPath: "\(SettingsSchema.id).gschema.xml")
        do {
            memory = try SettingsSchema(contentsOf: file).defaults
        } catch {
            // Neither GSettings nor the data folder has the schema: the installation is broken,
            // and no defaults but the schema's may stand in.
            // Translators: printed when Pinform is installed incompletely; {file} is the schema file.
            let text = tr("The settings schema {file} cannot be read. Reinstall Pinform.", ["file": file.path])
            FileHandle.standardError.write(Data("pinform: \(text)\n".utf8))
            exit(1)
        }
    }

    /// Settings kept in memory for this run only, starting from `schema`'s defaults.
    init(inMemoryFrom schema: SettingsSchema) {
        settings = nil
        memory = schema.defaults
    }

    /// Whether preferences are kept between runs.
    var isPersistent: Bool { settings != nil }

    /// The length of a new PIN: 4 or 6.
    var pinLength: Int {
        get { enumeration(.pinLength) == 6 ? 6 : 4 }
        set { setEnumeration(.pinLength, newValue == 6 ? 6 : 4) }
    }

    /// Whether an export neutralizes cells a spreadsheet would run as formulas (on by default).
    var neutralizesFormulas: Bool {
        get { bool(.neutralizeFormulas) }
        set { setBool(.neutralizeFormulas, newValue) }
    }

    /// The window size restored at start (at least 360 × 480).
    var windowSize: (width: Int32, height: Int32) {
        get { (max(360, integer(.windowWidth)), max(480, integer(.windowHeight))) }
        set {
            setInteger(.windowWidth, newValue.width)
            setInteger(.windowHeight, newValue.height)
        }
    }

    /// Whether the window was maximized when it was last closed.
    var isWindowMaximized: Bool {
        get { bool(.windowMaximized) }
        set { setBool(.windowMaximized, newValue) }
    }

    /// Seconds without input after which the app locks itself; 0 never (5 minutes by default).
    var idleLockDelay: Int32 {
        get { max(0, integer(.idleLockDelay)) }
        set { setInteger(.idleLockDelay, max(0, newValue)) }
    }

    /// The folder backups go to, or nil until one is chosen.
    var backupFolder: URL? {
        get { string(.backupFolder).hasPrefix("/") ? URL(fileURLWithPath: string(.backupFolder), isDirectory: true) : nil }
        set { setString(.backupFolder, newValue?.path ?? "") }
    }

    /// Whether a backup is made once a day while unlocked (off by default).
    var backsUpDaily: Bool {
        get { bool(.backupDaily) }
        set { setBool(.backupDaily, newValue) }
    }

    /// How many daily backups are kept (1 to 365; 7 by default).
    var backupsKept: Int {
        get { Int(min(365, max(1, integer(.backupKeep)))) }
        set { setInteger(.backupKeep, Int32(min(365, max(1, newValue)))) }
    }

    /// Calls `handler` whenever `key` changes: set here, in Preferences, or (with GSettings) by
    /// another program such as `gsettings set`.
    func observe(_ key: SettingsKey, _ handler: @escaping @MainActor () -> Void) {
        if let settings {
            settings.onChanged(key.rawValue, handler)
        } else {
            observers[key, default: []].append(handler)
        }
    }

    /// Who hears a key's changes when the settings are kept in memory (GSettings tells its own).
    private var observers: [SettingsKey: [@MainActor () -> Void]] = [:]

    /// The model the form window last showed.
    var formModel: String {
        get { string(.formModel) }
        set { setString(.formModel, newValue) }
    }

    // MARK: Typed access, GSettings or memory

    private func integer(_ key: SettingsKey) -> Int32 {
        settings?.integer(key.rawValue) ?? Int32(memory[key] ?? "") ?? 0
    }

    private func setInteger(_ key: SettingsKey, _ value: Int32) {
        if let settings { _ = settings.setInteger(key.rawValue, value) } else {
            memory[key] = String(value)
            for handler in observers[key] ?? [] { handler() }
        }
    }

    private func enumeration(_ key: SettingsKey) -> Int32 {
        settings?.enumeration(key.rawValue) ?? Int32(memory[key] ?? "") ?? 0
    }

    private func setEnumeration(_ key: SettingsKey, _ value: Int32) {
        if let settings { _ = settings.setEnumeration(key.rawValue, value) } else { memory[key] = String(value) }
    }

    private func bool(_ key: SettingsKey) -> Bool {
        settings?.bool(key.rawValue) ?? (memory[key] == "true")
    }

    private func setBool(_ key: SettingsKey, _ value: Bool) {
        if let settings { _ = settings.setBool(key.rawValue, value) } else { memory[key] = value ? "true" : "false" }
    }

    private func string(_ key: SettingsKey) -> String {
        settings?.string(key.rawValue) ?? memory[key] ?? ""
    }

    private func setString(_ key: SettingsKey, _ value: String) {
        if let settings { _ = settings.setString(key.rawValue, value) } else { memory[key] = value }
    }
}
