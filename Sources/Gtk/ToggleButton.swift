internal import CGtk

/// A button that stays pressed in until pressed again, or until another of its group is.
@MainActor
public final class ToggleButton: Widget {
    /// A toggle button labelled `label`.
    public init(label: String) {
        super.init(widget: gtk_toggle_button_new_with_label(label))
    }

    private var toggle: UnsafeMutablePointer<GtkToggleButton> { pf_toggle_button(raw) }

    /// Joins `other`'s group: pressing one releases the others, like radio buttons.
    public func joinGroup(of other: ToggleButton) {
        gtk_toggle_button_set_group(toggle, other.toggle)
    }

    /// Calls `handler` when the button is pressed in or released.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("toggled", handler)
    }
}
