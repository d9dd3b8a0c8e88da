internal import CGtk

/// An image in memory that a widget's drawing is rasterized into with cairo, as a frame would
/// draw it: what `pinform-bench` times a keystroke's drawing with.
///
/// For `pinform-bench` only (`@_spi(Benchmark) import Gtk`).
@_spi(Benchmark) @MainActor
public final class RasterSurface {
    private let surface: OpaquePointer

    /// A transparent ARGB image of `width` × `height`.
    public init(width: Int32, height: Int32) {
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
    }

    isolated deinit {
        cairo_surface_destroy(surface)
    }

    /// Snapshots `child` as `parent` would in a frame (its draw function runs) and rasterizes
    /// the render node into the image.
    public func draw(_ child: Widget, in parent: Widget) {
        let snapshot = gtk_snapshot_new()
        gtk_widget_snapshot_child(parent.widgetPointer, child.widgetPointer, snapshot)
        if let node = gtk_snapshot_free_to_node(snapshot) {
            let cairo = cairo_create(surface)
            gsk_render_node_draw(node, cairo)
            cairo_destroy(cairo)
            gsk_render_node_unref(node)
        }
    }
}
