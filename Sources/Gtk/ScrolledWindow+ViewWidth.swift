internal import CGtk

extension ScrolledWindow {
    /// How wide the view shows its content (the horizontal page), in pixels; 0 before the
    /// first layout.
    public var viewWidth: Double {
        guard let adjustment = gtk_scrolled_window_get_hadjustment(OpaquePointer(raw)) else { return 0 }
        return gtk_adjustment_get_page_size(adjustment)
    }

    /// Where the view is scrolled sideways: its left edge (`value`) in the content, which is
    /// `upper` pixels wide, the view `page` pixels.
    public var horizontalScroll: (value: Double, upper: Double, page: Double) {
        guard let adjustment = gtk_scrolled_window_get_hadjustment(OpaquePointer(raw)) else { return (0, 0, 0) }
        return (gtk_adjustment_get_value(adjustment), gtk_adjustment_get_upper(adjustment),
                gtk_adjustment_get_page_size(adjustment))
    }

    /// Calls `body` when the view's width or its content's laid-out width changes (the window
    /// is resized, a pane moves, the content grows wider than the view).
    public func onHorizontalExtentChange(_ body: @escaping @MainActor () -> Void) {
        guard let pointer = gtk_scrolled_window_get_hadjustment(OpaquePointer(raw)) else { return }
        let adjustment = Object.wrapper(ofObject: UnsafeMutableRawPointer(pointer))
        adjustment.onNotify("page-size", body)
        adjustment.onNotify("upper", body)
    }
}
