internal import CGtk

/// A check box with a label (`GtkCheckButton`): on or off, e.g. "I have saved my recovery key".
@MainActor
public final class CheckButton: Widget {
    /// An unchecked check box labelled `label`.
    public init(label: String) {
        super.init(widget: gtk_check_button_new_with_label(label))
        // GTK 4.8 names the box's indicator, which has no name of its own, by its type
        // ("GtkBuiltinIcon"): it is named by what it checks.
        var child = gtk_widget_get_first_child(widgetPointer)
        while let current = child {
            if pf_is_label(current) == 0 { pf_accessible_set_label(current, label) }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    private var check: UnsafeMutablePointer<GtkCheckButton> { pf_check_button(raw) }

    /// Whether it is checked.
    public var isActive: Bool {
        get { gtk_check_button_get_active(check) != 0 }
        set { gtk_check_button_set_active(check, newValue ? 1 : 0) }
    }

    /// Calls `handler` whenever it is checked or unchecked.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("toggled", handler)
    }
}
