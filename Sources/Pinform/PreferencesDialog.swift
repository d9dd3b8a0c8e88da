import Gtk
import Localization

/// Preferences (Ctrl+comma), a dialog over the window it was opened from: the length of a new
/// PIN, when the records lock by themselves, and whether exported spreadsheets are protected.
/// Each row writes its setting as soon as it changes; Escape closes it.
@MainActor
final class PreferencesDialog {
    let dialog = AdwaitaPreferencesDialog()
    /// 4 or 6 digits for the next PIN chosen (the PIN in use keeps its length).
    let pinLengthRow: ComboRow
    /// After how long without input the records lock themselves.
    let idleLockRow: ComboRow
    /// Formula neutralization of CSV exports.
    let protectExportsRow: ActionRow
    let protectExportsSwitch = Switch()

    private let settings: AppSettings
    /// The PIN lengths offered, in the order of the row's choices.
    private static let pinLengths = [4, 6]
    /// The idle delays offered, in seconds, in the order of the row's choices (0: never).
    nonisolated static let idleLockDelays: [Int32] = [60, 120, 300, 600, 900, 1800, 0]

    /// - Parameter groups: more groups for the page, e.g. the shared database's (shown while unlocked).
    init(settings: AppSettings, groups: [PreferencesGroup] = []) {
        self.settings = settings
        dialog.title = tr("Preferences")
        dialog.isSearchEnabled = false

        pinLengthRow = ComboRow(
            title: tr("PIN length"),
            subtitle: tr("How many digits a new PIN has. The PIN in use keeps its length until it is changed."),
            // Translators: the choices of “PIN length”.
            choices: [tr("4 digits"), tr("6 digits")])
        pinLengthRow.selected = Self.pinLengths.firstIndex(of: settings.pinLength) ?? 0

        idleLockRow = ComboRow(
            title: tr("Lock when idle"),
            subtitle: tr("Lock the records after this long without a key press or click in Pinform. They also lock when the desktop session locks."),
            choices: Self.idleLockDelays.map(Self.idleLockChoice))
        idleLockRow.selected = Self.closestIdleLockChoice(to: settings.idleLockDelay)

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
        security.add(idleLockRow)
        let export = PreferencesGroup(title: tr("Export"))
        export.add(protectExportsRow)
        let page = PreferencesPage()
        page.add(security)
        page.add(export)
        for group in groups { page.add(group) }
        dialog.add(page)

        pinLengthRow.onSelectedChanged { [weak self] in
            guard let self, Self.pinLengths.indices.contains(pinLengthRow.selected) else { return }
            self.settings.pinLength = Self.pinLengths[pinLengthRow.selected]
        }
        idleLockRow.onSelectedChanged { [weak self] in
            guard let self, Self.idleLockDelays.indices.contains(idleLockRow.selected) else { return }
            self.settings.idleLockDelay = Self.idleLockDelays[idleLockRow.selected]
        }
        protectExportsSwitch.onToggled { [weak self] in
            guard let self else { return }
            self.settings.neutralizesFormulas = protectExportsSwitch.isOn
        }
    }

    /// A choice of “Lock when idle”: “After 5 minutes”, or “Never”.
    nonisolated static func idleLockChoice(_ seconds: Int32) -> String {
        guard seconds > 0 else {
            // Translators: a choice of “Lock when idle”.
            return tr("Never")
        }
        // Translators: a choice of “Lock when idle”.
        return trn("After %d minute", "After %d minutes", Int(seconds / 60))
    }

    /// The choice shown for a delay set elsewhere (gsettings): the offered one nearest to it.
    nonisolated static func closestIdleLockChoice(to seconds: Int32) -> Int {
        guard seconds > 0 else { return idleLockDelays.firstIndex(of: 0) ?? 0 }
        let offered = idleLockDelays.enumerated().filter { $0.element > 0 }
        return offered.min { abs($0.element - seconds) < abs($1.element - seconds) }?.offset ?? 0
    }

    /// Shows the preferences over `parent` (inside it when it is a libadwaita window); the
    /// dialog lives until closed.
    static func present(settings: AppSettings, over parent: Window?, groups: [PreferencesGroup] = []) {
        let preferences = PreferencesDialog(settings: settings, groups: groups)
        // The rows' handlers hold the wrapper weakly: it is kept until the dialog closes.
        open.append(preferences)
        preferences.dialog.onClosed { [unowned preferences] in
            open.removeAll { $0 === preferences }
        }
        preferences.dialog.present(over: parent)
    }

    private static var open: [PreferencesDialog] = []
}
