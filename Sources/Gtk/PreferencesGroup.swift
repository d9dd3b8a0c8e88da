internal import CGtk

/// A titled group of rows in a boxed list (`AdwPreferencesGroup`).
@MainActor
public final class PreferencesGroup: Widget {

    /// An empty group titled `title` (empty: no title).
    public convenience init(title: String = "") {
        self.init()
        adw_preferences_group_set_title(pf_adw_preferences_group(raw), title)
        // libadwaita 1.2 labels the group's list by its title twice over AT-SPI ("Security
        // Security"): named once, by the title.
        guard !title.isEmpty else { return }
        for list in descendants where list.accessibleRole == .list {
            list.resetAccessibleLabelledBy()
            list.setAccessibleLabel(title)
        }
    }

    /// Adds `row` under the others.
    public func add(_ row: Widget) {
        adw_preferences_group_add(pf_adw_preferences_group(raw), row.widgetPointer)
    }
}
