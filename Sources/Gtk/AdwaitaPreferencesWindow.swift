internal import CGtk

/// libadwaita's preferences window (`AdwPreferencesWindow`): pages of grouped rows, with a
/// search over their titles.
@MainActor
public final class AdwaitaPreferencesWindow: Window {

    /// Adds `page`.
    public func add(_ page: PreferencesPage) {
        adw_preferences_window_add(pf_adw_preferences_window(raw), pf_adw_preferences_page(page.raw))
    }
}
