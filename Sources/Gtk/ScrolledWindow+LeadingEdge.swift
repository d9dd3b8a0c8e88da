internal import CGtk

extension ScrolledWindow {
    /// Keeps a right-to-left view at its start — its right edge — while the content's width
    /// changes and the person has not scrolled sideways: GTK starts every sideways scroll at the
    /// left, which in Hebrew or Arabic opens a wide table on its last columns.
    ///
    /// The content (a column view) sets its new extent from inside its own size allocation, and
    /// GTK drops the allocation that a value changed there asks for: the value moved to the
    /// start, but the columns stayed drawn at the old one until something else laid them out.
    /// So the content is laid out again once the frame's layout is done, before it is painted.
    public func keepsLeadingEdgeInView() {
        guard let pointer = gtk_scrolled_window_get_hadjustment(OpaquePointer(raw)) else { return }
        let adjustment = Object.wrapper(ofObject: UnsafeMutableRawPointer(pointer))
        var atStart = true
        var moving = false
        var layoutAgain = false
        // The frame clock's wrapper is kept with the handler: the connection knows it weakly.
        var attached: (clock: FrameClock, connection: SignalConnection)?
        let start: @MainActor () -> Double = {
            gtk_adjustment_get_upper(pointer) - gtk_adjustment_get_page_size(pointer)
        }
        let follow: @MainActor () -> Void = { [weak self] in
            guard let self, textDirection == .rtl, atStart else { return }
            let target = start()
            // Already there (GTK clamped the value as the content narrowed: columns hidden), the
            // content may still be drawn at the old value: it is laid out again all the same.
            layoutAgain = true
            guard gtk_adjustment_get_value(pointer) != target else { return }
            moving = true
            gtk_adjustment_set_value(pointer, target)
            moving = false
        }
        adjustment.onNotify("upper", follow)
        adjustment.onNotify("page-size", follow)
        adjustment.onNotify("value") { [weak self] in
            guard let self, !moving, textDirection == .rtl else { return }
            atStart = gtk_adjustment_get_value(pointer) >= start() - 1
        }
        // The frame clock's layout signal, after the window's own handler has allocated every
        // widget: a layout queued there runs again in the same frame (GDK repeats the layout
        // phase while one is requested), so no frame shows the last columns first.
        let attach: @MainActor () -> Void = { [weak self] in
            guard let self, let frameClock = gtk_widget_get_frame_clock(widgetPointer) else { return }
            attached?.connection.disconnect()
            let wrapper = Object.wrapper(of: UnsafeMutableRawPointer(frameClock)) { FrameClock($0) }
            let connection = wrapper.connect("layout", after: true) { [weak self] in
                guard let self, layoutAgain else { return }
                layoutAgain = false
                if let content = gtk_scrolled_window_get_child(OpaquePointer(raw)) {
                    gtk_widget_queue_allocate(content)
                }
            }
            attached = (wrapper, connection)
        }
        connect("realize", attach)
        if gtk_widget_get_realized(widgetPointer) != 0 { attach() }
        connect("unrealize") { () -> Void in
            attached?.connection.disconnect()
            attached = nil
        }
    }
}
