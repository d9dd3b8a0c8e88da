internal import CGtk

/// A row that chooses one of a list of strings from a popover (`AdwComboRow`).
@MainActor
public final class ComboRow: Widget {
    private let model = StringList()

    /// A row titled `title`, with `subtitle` under it, choosing one of `choices` (the first).
    public convenience init(title: String, subtitle: String = "", choices: [String]) {
        self.init()
        adw_preferences_row_set_title(pf_adw_preferences_row(raw), title)
        adw_action_row_set_subtitle(pf_adw_action_row(raw), subtitle)
        model.replaceAll(with: choices)
        adw_combo_row_set_model(pf_adw_combo_row(raw), pf_list_model(model.raw))
        // The choice shown and the popup's rows, each named by its text.
        let shown = ListItemFactory.choiceRows(marksChoice: false)
        let rows = ListItemFactory.choiceRows(marksChoice: true)
        withExtendedLifetime((shown, rows)) {
            adw_combo_row_set_factory(pf_adw_combo_row(raw), pf_list_item_factory(shown.raw))
            adw_combo_row_set_list_factory(pf_adw_combo_row(raw), pf_list_item_factory(rows.raw))
        }
    }

    /// The title.
    public var title: String {
        String(cString: adw_preferences_row_get_title(pf_adw_preferences_row(raw)))
    }

    /// The line under the title.
    public var subtitle: String {
        adw_action_row_get_subtitle(pf_adw_action_row(raw)).map { String(cString: $0) } ?? ""
    }

    /// The position of the chosen string.
    public var selected: Int {
        get { Int(adw_combo_row_get_selected(pf_adw_combo_row(raw))) }
        set { adw_combo_row_set_selected(pf_adw_combo_row(raw), guint(newValue)) }
    }

    /// Calls `handler` when another string is chosen (by the person or by code).
    @discardableResult
    public func onSelectedChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("selected", handler)
    }
}
