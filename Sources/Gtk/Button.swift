internal import CGtk

/// A push button with a text label or an icon.
@MainActor
public final class Button: Widget {
    /// The button's content (its label or image), if any.
    public var child: Widget? { Widget.wrapper(of: gtk_button_get_child(pf_button(raw))) }

    private var button: UnsafeMutablePointer<GtkButton> { pf_button(raw) }

    /// Emits `clicked`, as a click would.
    public func click() { pf_signal_emit_void(raw, "clicked") }
}
