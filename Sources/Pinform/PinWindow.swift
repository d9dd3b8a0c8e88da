import CGtk
import Gtk

/// The PIN window: choose and confirm a PIN on first run, enter it later, or change it.
@MainActor
final class PinWindow {
    /// What the window is for.
    enum Mode {
        /// Unlock with the stored PIN, or choose one when there is none.
        case unlockOrChoose
        /// Check the current PIN, then choose a new one (from the form window's menu).
        case change
    }

    let window: Window
    private unowned let application: PinformApplication
    private let mode: Mode
    private let title = Label("Enter PIN")

    init(application: PinformApplication, mode: Mode) {
        self.application = application
        self.mode = mode
        window = Window(application: application.app)
        window.title = AppInfo.name
        window.setDefaultSize(width: 400, height: 600)
        let header = HeaderBar()
        header.packEnd(PrimaryMenu.button(unlocked: mode == .change))
        window.titlebar = header

        let content = Box(GTK_ORIENTATION_VERTICAL, spacing: 18)
        content.setMargins(24)
        content.verticalAlignment = GTK_ALIGN_CENTER
        title.addCSSClass("pin-title")
        content.append(title)
        window.child = content
    }
}
