internal import CGtk

/// A push button with a text label or an icon.
@MainActor
public final class Button: Widget {
    /// A button labelled `label`.
    public init(label: String) {
        super.init(widget: gtk_button_new_with_label(label))
    }

    /// A button showing a themed icon; give it an accessible label and a tooltip.
    public init(iconName: String) {
        super.init(widget: gtk_button_new_from_icon_name(iconName))
    }

    /// Wraps a button made elsewhere (one in a libadwaita dialog or toast, …).
    /// The button `widget` is (a toggle button too), or nil when it is another kind of widget.
    public convenience init?(casting widget: Widget) {
        guard pf_is_button(widget.raw) != 0 else { return nil }
        self.init(existing: widget.widgetPointer)
    }

    /// The button's content (its label or image), if any.
    public var child: Widget? { gtk_button_get_child(pf_button(raw)).map { Widget(widget: $0) } }

    init(existing pointer: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: pointer)
    }

    private var button: UnsafeMutablePointer<GtkButton> { pf_button(raw) }

    /// Calls `handler` when the button is activated (click, Enter, Space, or assistive action).
    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("clicked", handler)
    }

    /// Emits `clicked`, as a click would.
    public func click() { pf_signal_emit_void(raw, "clicked") }
}
