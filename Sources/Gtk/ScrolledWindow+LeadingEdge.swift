internal import CGtk

extension ScrolledWindow {
    /// Keeps a right-to-left view at its start — its right edge — while the content's width
    /// changes and the person has not scrolled sideways: GTK starts every sideways scroll at the
    /// left, which in Hebrew or Arabic opens a wide table on its last columns.
    public func keepsLeadingEdgeInView() {
        guard let pointer = gtk_scrolled_window_get_hadjustment(OpaquePointer(raw)) else { return }
        let adjustment = Object.wrapper(ofObject: UnsafeMutableRawPointer(pointer))
        var atStart = true
        var moving = false
        let start: @MainActor () -> Double = {
            gtk_adjustment_get_upper(pointer) - gtk_adjustment_get_page_size(pointer)
        }
        let follow: @MainActor () -> Void = { [weak self] in
            guard let self, textDirection == .rtl, atStart else { return }
            moving = true
            gtk_adjustment_set_value(pointer, start())
            moving = false
        }
        adjustment.onNotify("upper", follow)
        adjustment.onNotify("page-size", follow)
        adjustment.onNotify("value") { [weak self] in
            guard let self, !moving, textDirection == .rtl else { return }
            atStart = gtk_adjustment_get_value(pointer) >= start() - 1
        }
    }
}
