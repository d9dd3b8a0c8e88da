import Gtk
import Localization
import PinformCore

/// The primary (hamburger) menu of the header bar.
@MainActor
enum PrimaryMenu {
    /// The menu button for a window; `unlocked` adds the items that need an open session.
    static func button(unlocked: Bool) -> MenuButton {
        let menu = Menu()
        if unlocked {
            let session = Menu()
            session.append(tr("Change PIN…"), action: AppAction.changePIN.detailedName)
            session.append(tr("New Recovery Key…"), action: AppAction.newRecoveryKey.detailedName)
            session.append(tr("Lock"), action: AppAction.lock.detailedName)
            menu.appendSection(session)
            let records = Menu()
            records.append(tr("Import…"), action: AppAction.importRecords.detailedName)
            records.append(tr("Print…"), action: AppAction.printRecords.detailedName)
            menu.appendSection(records)
            let forms = Menu()
            forms.append(tr("New Form…"), action: AppAction.newForm.detailedName)
            forms.append(tr("Edit Form…"), action: AppAction.editForm.detailedName)
            menu.appendSection(forms)
        }
        let general = Menu()
        general.append(tr("Preferences"), action: AppAction.preferences.detailedName)
        general.append(tr("Keyboard Shortcuts"), action: AppAction.shortcuts.detailedName)
        general.append(tr("About Pinform"), action: AppAction.about.detailedName)
        general.append(tr("Quit"), action: AppAction.quit.detailedName)
        menu.appendSection(general)
        let button = MenuButton(iconName: "open-menu-symbolic", menu: menu)
        button.isPrimary = true
        button.tooltip = tr("Main Menu")
        button.setAccessibleLabel(tr("Main Menu"))
        return button
    }
}
