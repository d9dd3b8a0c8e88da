import Gtk

/// The primary (hamburger) menu of the header bar.
@MainActor
enum PrimaryMenu {
    /// The menu button for a window; `unlocked` adds the items that need an open session.
    static func button(unlocked: Bool) -> MenuButton {
        let menu = Menu()
        if unlocked {
            let session = Menu()
            session.append("Change PIN…", action: "app.change-pin")
            session.append("New Recovery Key…", action: "app.new-recovery-key")
            session.append("Lock", action: "app.lock")
            menu.appendSection(session)
        }
        let general = Menu()
        general.append("Keyboard Shortcuts", action: "app.shortcuts")
        general.append("About Pinform", action: "app.about")
        general.append("Quit", action: "app.quit")
        menu.appendSection(general)
        let button = MenuButton(iconName: "open-menu-symbolic", menu: menu)
        button.isPrimary = true
        button.tooltip = "Main Menu"
        button.setAccessibleLabel("Main Menu")
        return button
    }
}
