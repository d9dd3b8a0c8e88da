/// The application's actions (`GAction`s on the application): the one place their names and
/// keyboard shortcuts are written. Menus name `detailedName`, the application adds `name`, and
/// the shortcuts window lists `accelerators`.
public enum AppAction: String, CaseIterable, Sendable {
    /// Quit (Ctrl+Q), once changes are settled.
    case quit
    /// The About dialog.
    case about
    /// The keyboard shortcuts window (Ctrl+?).
    case shortcuts
    /// The Preferences window (Ctrl+,).
    case preferences
    /// Lock (Ctrl+L): the records close and the PIN window shows.
    case lock
    /// The Change PIN dialog.
    case changePIN = "change-pin"
    /// Replace the recovery key with a new one.
    case newRecoveryKey = "new-recovery-key"
    /// Import records of the shown model from a CSV file, with a preview (Ctrl+O).
    case importRecords = "import-records"
    /// Print the selected record, or the shown list, or save it as PDF (Ctrl+P).
    case printRecords = "print-records"
    /// Opens the form designer for a new form.
    case newForm = "new-form"
    /// Opens the form designer on the form shown, when it was made in the app.
    case editForm = "edit-form"

    /// The action's name on the application ("change-pin").
    public var name: String { rawValue }

    /// The name a menu item or a shortcut uses ("app.change-pin").
    public var detailedName: String { "app.\(rawValue)" }

    /// Its keyboard shortcuts, in GTK's accelerator syntax ("<Control>q").
    public var accelerators: [String] {
        switch self {
        case .quit: ["<Control>q"]
        case .shortcuts: ["<Control>question"]
        case .preferences: ["<Control>comma"]
        case .lock: ["<Control>l"]
        case .importRecords: ["<Control>o"]
        case .printRecords: ["<Control>p"]
        case .about, .changePIN, .newRecoveryKey, .newForm, .editForm: []
        }
    }

    /// Whether the action needs the records open (it is disabled while locked).
    public var needsUnlocked: Bool {
        switch self {
        case .lock, .changePIN, .newRecoveryKey, .importRecords, .printRecords, .newForm, .editForm: true
        case .quit, .about, .shortcuts, .preferences: false
        }
    }
}
