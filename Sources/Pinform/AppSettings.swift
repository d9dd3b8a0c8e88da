import Gtk

/// The application's preferences: GSettings when the schema is found, otherwise defaults
/// kept in memory for this run (the app still works, it just forgets).
@MainActor
final class AppSettings {
    private let settings: Settings?
    private var memory: [String: Any] = [:]

    init(schemaDirectories: [String]) {
        settings = Settings(schemaID: AppInfo.schemaID, searchDirectories: schemaDirectories)
    }

    /// Whether preferences are kept between runs.
    var isPersistent: Bool { settings != nil }

    /// The length of a new PIN: 4 or 6.
    var pinLength: Int {
        get {
            let value = settings.map { Int($0.enumeration("pin-length")) } ?? (memory["pin-length"] as? Int ?? 4)
            return value == 6 ? 6 : 4
        }
        set {
            let value = newValue == 6 ? 6 : 4
            if let settings { settings.setEnumeration("pin-length", Int32(value)) } else { memory["pin-length"] = value }
        }
    }

    /// Whether an export neutralizes cells a spreadsheet would run as formulas (on by default).
    var neutralizesFormulas: Bool {
        get { settings?.bool("neutralize-formulas") ?? (memory["neutralize-formulas"] as? Bool ?? true) }
        set { if let settings { settings.setBool("neutralize-formulas", newValue) } else { memory["neutralize-formulas"] = newValue } }
    }

    /// The window size restored at start.
    var windowSize: (width: Int32, height: Int32) {
        get {
            guard let settings else { return (480, 640) }
            return (max(360, settings.integer("window-width")), max(480, settings.integer("window-height")))
        }
        set {
            settings?.setInteger("window-width", newValue.width)
            settings?.setInteger("window-height", newValue.height)
        }
    }

    /// Whether the window was maximized when it was last closed.
    var isWindowMaximized: Bool {
        get { settings?.bool("window-maximized") ?? false }
        set { settings?.setBool("window-maximized", newValue) }
    }

    /// The model the form window last showed.
    var formModel: String {
        get { settings?.string("form-model") ?? (memory["form-model"] as? String ?? "person") }
        set { if let settings { settings.setString("form-model", newValue) } else { memory["form-model"] = newValue } }
    }
}
