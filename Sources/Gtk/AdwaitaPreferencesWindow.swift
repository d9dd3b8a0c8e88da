internal import CGtk

/// libadwaita's preferences window (`AdwPreferencesWindow`): pages of grouped rows, with a
/// search over their titles.
@MainActor
public final class AdwaitaPreferencesWindow: Window {
    private var pages: [PreferencesPage] = []

    /// An empty preferences window.
    public init() {
        super.init(existing: adw_preferences_window_new())
    }

    /// Adds `page`.
    public func add(_ page: PreferencesPage) {
        adw_preferences_window_add(pf_adw_preferences_window(raw), pf_adw_preferences_page(page.raw))
        pages.append(page)
    }
}
