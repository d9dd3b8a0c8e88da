import Gtk
import Localization

/// The primary (hamburger) menu of the header bar.
@MainActor
enum PrimaryMenu {
    /// The menu button for a window; `unlocked` adds the items that need an open session.
    static func button(unlocked: Bool) -> MenuButton {
        let menu = Menu()
        if unlocked {
            let session = Menu()
            session.append(tr("Change PIN…"), action: "app.change-pin")
            session.append(tr("New Recovery Key…"), action: "app.new-recovery-key")
            session.append(tr("Lock"), action: "app.lock")
            menu.appendSection(session)
        }
        let general = Menu()
        general.append(tr("Preferences"), action: "app.preferences")
        general.append(tr("Keyboard Shortcuts"), action: "app.shortcuts")
        general.append(tr("About Pinform"), action: "app.about")
        general.append(tr("Quit"), action: "app.quit")
        menu.appendSection(general)
        let button = MenuButton(iconName: "open-menu-symbolic", menu: menu)
        button.isPrimary = true
        button.tooltip = tr("Main Menu")
        button.setAccessibleLabel(tr("Main Menu"))
        return button
    }
}
