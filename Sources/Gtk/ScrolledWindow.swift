import CGtk

/// A scrollable view of one child.
@MainActor
public final class ScrolledWindow: Widget {
    private var content: Widget?

    /// An empty scrolled window that scrolls vertically only.
    public init() {
        super.init(widget: gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(OpaquePointer(raw), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }

    /// The scrolled content.
    public var child: Widget? {
        get { content }
        set {
            gtk_scrolled_window_set_child(OpaquePointer(raw), newValue?.widgetPointer)
            content = newValue
        }
    }

    /// Whether the content's natural height is used, up to the window's height.
    public var propagatesNaturalHeight: Bool {
        get { gtk_scrolled_window_get_propagate_natural_height(OpaquePointer(raw)) != 0 }
        set { gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(raw), newValue ? 1 : 0) }
    }
}
