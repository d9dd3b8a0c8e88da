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

    /// Snapshots `child` as `parent` would in a frame (its draw function runs), calls
    /// `snapshotted`, and rasterizes the render node into the image unless `rasterize` is false.
    public func draw(_ child: Widget, in parent: Widget, rasterize: Bool = true, snapshotted: () -> Void = {}) {
        let snapshot = gtk_snapshot_new()
        gtk_widget_snapshot_child(parent.widgetPointer, child.widgetPointer, snapshot)
        let node = gtk_snapshot_free_to_node(snapshot)
        snapshotted()
        if let node, rasterize {
            let cairo = cairo_create(surface)
            // The node is in the parent's coordinates: move its corner to the image's.
            var bounds = graphene_rect_t()
            gsk_render_node_get_bounds(node, &bounds)
            cairo_translate(cairo, Double(-bounds.origin.x), Double(-bounds.origin.y))
            gsk_render_node_draw(node, cairo)
            cairo_destroy(cairo)
        }
        if let node { gsk_render_node_unref(node) }
    }

    /// How many pixels of the image are not fully transparent: whether the drawing landed in it.
    public var paintedPixels: Int {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return 0 }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var count = 0
        for row in 0..<Int(cairo_image_surface_get_height(surface)) {
            // ARGB32 pixels are 32-bit words, alpha in the top byte.
            let pixels = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<Int(cairo_image_surface_get_width(surface)) where pixels[column] >> 24 != 0 {
                count += 1
            }
        }
        return count
    }
}
