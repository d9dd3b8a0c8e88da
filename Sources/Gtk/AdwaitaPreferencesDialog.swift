internal import CGtk

/// libadwaita's preferences dialog (`AdwPreferencesDialog`, libadwaita 1.5+): pages of grouped
/// rows, with a search over their titles. A dialog (`Dialog`): shown inside the window it is
/// presented over, as a bottom sheet when that window is narrow; Escape closes it.
@MainActor
public final class AdwaitaPreferencesDialog: Dialog {

    /// Adds `page`.
    public func add(_ page: PreferencesPage) {
        adw_preferences_dialog_add(pf_adw_preferences_dialog(raw), pf_adw_preferences_page(page.raw))
    }
}
