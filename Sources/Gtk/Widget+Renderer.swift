internal import CGtk

/// The GSK renderer drawing `widget`'s window (a `GskRenderer`), once it is realized.
func windowRenderer(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GTypeInstance>? {
    gtk_widget_get_native(widget).flatMap { gtk_native_get_renderer($0) }
        .map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GTypeInstance.self) }
}

/// Whether `widget`'s window is drawn by GTK's cairo renderer (no GL).
func drawsWithCairo(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    windowRenderer(of: widget).map { g_type_check_instance_is_a($0, gsk_cairo_renderer_get_type()) != 0 } ?? false
}

extension Widget {
    /// The GSK renderer drawing the widget's window, once it is realized.
    var renderer: OpaquePointer? {
        windowRenderer(of: widgetPointer).map { OpaquePointer($0) }
    }
}
