internal import CGtk

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

    /// Whether the content scrolls sideways when it is wider than the view (a wide table).
    public var scrollsHorizontally: Bool {
        get {
            var policy = GTK_POLICY_NEVER
            gtk_scrolled_window_get_policy(OpaquePointer(raw), &policy, nil)
            return policy != GTK_POLICY_NEVER
        }
        set {
            gtk_scrolled_window_set_policy(OpaquePointer(raw), newValue ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER,
                                           GTK_POLICY_AUTOMATIC)
        }
    }
}
