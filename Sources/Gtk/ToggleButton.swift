internal import CGtk

/// A button that stays pressed in until pressed again, or until another of its group is.
@MainActor
public final class ToggleButton: Widget {
    private var toggle: UnsafeMutablePointer<GtkToggleButton> { pf_toggle_button(raw) }

    /// Joins `other`'s group: pressing one releases the others, like radio buttons.
    public func joinGroup(of other: ToggleButton) {
        gtk_toggle_button_set_group(toggle, other.toggle)
    }
}
