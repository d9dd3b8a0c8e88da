import Gtk
import Localization

/// The Preferences window (Ctrl+comma): the length of a new PIN and whether exported
/// spreadsheets are protected. Each row writes its setting as soon as it changes.
@MainActor
final class PreferencesWindow {
    let window = AdwaitaPreferencesWindow()
    /// 4 or 6 digits for the next PIN chosen (the PIN in use keeps its length).
    let pinLengthRow: ComboRow
    /// Formula neutralization of CSV exports.
    let protectExportsRow: ActionRow
    let protectExportsSwitch = Switch()

    private let settings: AppSettings
    /// The PIN lengths offered, in the order of the row's choices.
    private static let pinLengths = [4, 6]

    /// - Parameter groups: more groups for the page, e.g. the shared database's (shown while unlocked).
    init(settings: AppSettings, groups: [PreferencesGroup] = []) {
        self.settings = settings
        window.title = tr("Preferences")
        window.isSearchEnabled = false
        window.isModal = true

        pinLengthRow = ComboRow(
            title: tr("PIN length"),
            subtitle: tr("How many digits a new PIN has. The PIN in use keeps its length until it is changed."),
            // Translators: the choices of “PIN length”.
            choices: [tr("4 digits"), tr("6 digits")])
        pinLengthRow.selected = Self.pinLengths.firstIndex(of: settings.pinLength) ?? 0

        protectExportsRow = ActionRow(
            title: tr("Protect exported spreadsheets"),
            subtitle: tr("Exported cells that start like a formula (=, +, -, @) are kept as text, so a spreadsheet never runs them."))
        protectExportsSwitch.isOn = settings.neutralizesFormulas
        protectExportsSwitch.verticalAlignment = .center
        protectExportsRow.addSuffix(protectExportsSwitch)
        // Also names the switch by the row's title for screen readers.
        protectExportsRow.setActivatableWidget(protectExportsSwitch)

        let security = PreferencesGroup(title: tr("Security"))
        security.add(pinLengthRow)
        let export = PreferencesGroup(title: tr("Export"))
        export.add(protectExportsRow)
        let page = PreferencesPage()
        page.add(security)
        page.add(export)
        for group in groups { page.add(group) }
        window.add(page)

        pinLengthRow.onSelectedChanged { [weak self] in
            guard let self, Self.pinLengths.indices.contains(pinLengthRow.selected) else { return }
            self.settings.pinLength = Self.pinLengths[pinLengthRow.selected]
        }
        protectExportsSwitch.onToggled { [weak self] in
            guard let self else { return }
            self.settings.neutralizesFormulas = protectExportsSwitch.isOn
        }
    }

    /// Shows the preferences over `parent`; the window lives until closed.
    static func present(settings: AppSettings, over parent: Window?, groups: [PreferencesGroup] = []) {
        let preferences = PreferencesWindow(settings: settings, groups: groups)
        preferences.window.setTransient(for: parent)
        // The rows' handlers hold the wrapper weakly: the window keeps it until it is destroyed.
        open.append(preferences)
        preferences.window.connect("destroy") { [unowned preferences] in
            open.removeAll { $0 === preferences }
        }
        preferences.window.present()
    }

    private static var open: [PreferencesWindow] = []
}
