internal import CGtk
import Glibc

/// Multi-line text to edit, wrapped at word boundaries.
@MainActor
public final class TextView: Widget {
    private var buffer: Object?

    /// An empty text view; Tab moves the focus on rather than typing a tab.
    public init() {
        super.init(widget: gtk_text_view_new())
        gtk_text_view_set_wrap_mode(view, GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(view, 0)
        gtk_text_view_set_left_margin(view, 8)
        gtk_text_view_set_right_margin(view, 8)
        gtk_text_view_set_top_margin(view, 6)
        gtk_text_view_set_bottom_margin(view, 6)
        buffer = Object(retaining: UnsafeMutableRawPointer(gtk_text_view_get_buffer(view)))
    }

    private var view: UnsafeMutablePointer<GtkTextView> { pf_text_view(raw) }

    /// The whole text.
    public var text: String {
        get {
            let buffer = gtk_text_view_get_buffer(view)
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let copy = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
            defer { g_free(copy) }
            return String(cString: copy)
        }
        set { gtk_text_buffer_set_text(gtk_text_view_get_buffer(view), newValue, -1) }
    }

    /// Calls `handler` after every change of the text.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        buffer!.connect("changed", handler)
    }
}
