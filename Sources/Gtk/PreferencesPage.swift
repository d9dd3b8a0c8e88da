internal import CGtk

/// A page of a preferences window (`AdwPreferencesPage`): groups of rows, one under the other.
@MainActor
public final class PreferencesPage: Widget {

    /// Adds `group` under the others.
    public func add(_ group: PreferencesGroup) {
        adw_preferences_page_add(pf_adw_preferences_page(raw), pf_adw_preferences_group(group.raw))
    }
}
