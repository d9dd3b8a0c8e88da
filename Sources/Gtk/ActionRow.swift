internal import CGtk

/// A row with a title, a subtitle and widgets at its end (`AdwActionRow`), such as a switch.
@MainActor
public final class ActionRow: Widget {

    /// A row titled `title`, with `subtitle` under it.
    public convenience init(title: String, subtitle: String = "") {
        self.init()
        adw_preferences_row_set_title(pf_adw_preferences_row(raw), title)
        adw_action_row_set_subtitle(pf_adw_action_row(raw), subtitle)
    }

    /// The title.
    public var title: String {
        String(cString: adw_preferences_row_get_title(pf_adw_preferences_row(raw)))
    }

    /// The line under the title.
    public var subtitle: String {
        get { adw_action_row_get_subtitle(pf_adw_action_row(raw)).map { String(cString: $0) } ?? "" }
        set { adw_action_row_set_subtitle(pf_adw_action_row(raw), newValue) }
    }

    /// Adds `widget` at the end of the row.
    public func addSuffix(_ widget: Widget) {
        adw_action_row_add_suffix(pf_adw_action_row(raw), widget.widgetPointer)
    }

    /// The widget that a click anywhere on the row activates (a switch toggles).
    public func setActivatableWidget(_ widget: Widget?) {
        adw_action_row_set_activatable_widget(pf_adw_action_row(raw), widget?.widgetPointer)
    }
}
