/// The keys of the application's settings schema (`data/io.github.pinform.Pinform.gschema.xml`):
/// the one place their names are written. Their defaults are the schema's (see
/// `SettingsSchema`), and nowhere else.
public enum SettingsKey: String, CaseIterable, Sendable {
    /// The main window's width in pixels (`i`).
    case windowWidth = "window-width"
    /// The main window's height in pixels (`i`).
    case windowHeight = "window-height"
    /// Whether the main window was maximized (`b`).
    case windowMaximized = "window-maximized"
    /// A new PIN's length, 4 or 6 (an enum).
    case pinLength = "pin-length"
    /// Whether an export neutralizes spreadsheet formulas (`b`).
    case neutralizeFormulas = "neutralize-formulas"
    /// The model the form window last showed (`s`).
    case formModel = "form-model"
    /// Seconds without input after which the app locks itself; 0 never (`i`).
    case idleLockDelay = "idle-lock-delay"
    /// The folder backups go to; empty until chosen (`s`).
    case backupFolder = "backup-folder"
    /// Whether a backup is made once a day while unlocked (`b`).
    case backupDaily = "backup-daily"
    /// How many daily backups are kept (`i`, 1 to 365).
    case backupKeep = "backup-keep"
}
