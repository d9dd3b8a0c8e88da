internal import CGtk

/// A scrollable view of one child.
@MainActor
public final class ScrolledWindow: Widget {

    /// An empty scrolled window that scrolls vertically only.
    public init() {
        super.init(widget: gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(OpaquePointer(raw), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }

    /// The scrolled content.
    public var child: Widget? {
        get {
            // GTK puts a child that cannot scroll itself in a viewport and hands that out; the
            // app makes no viewports of its own, so a viewport is GTK's and the child is inside.
            guard let child = gtk_scrolled_window_get_child(OpaquePointer(raw)) else { return nil }
            let raw = UnsafeMutableRawPointer(child)
            return Widget.wrapper(of: pf_is_viewport(raw) != 0 ? gtk_viewport_get_child(pf_viewport(raw)) : child)
        }
        set {
            gtk_scrolled_window_set_child(OpaquePointer(raw), newValue?.widgetPointer)
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
