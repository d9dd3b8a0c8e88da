import CGtk
import Gtk

/// The form window: typed records, shown once the PIN was entered.
@MainActor
final class FormWindow {
    let window: Window
    private unowned let application: PinformApplication

    init(application: PinformApplication) {
        self.application = application
        window = Window(application: application.app)
        window.title = AppInfo.name
        let size = application.settings.windowSize
        window.setDefaultSize(width: size.width, height: size.height)
        if application.settings.isWindowMaximized { window.maximize() }
        let header = HeaderBar()
        header.packEnd(PrimaryMenu.button(unlocked: true))
        window.titlebar = header
        window.onCloseRequest { [weak self] in
            self?.saveState()
            return false
        }
    }

    /// Remembers the window size for the next start.
    func saveState() {
        application.settings.isWindowMaximized = window.isMaximized
        if !window.isMaximized { application.settings.windowSize = window.defaultSize }
    }
}
