internal import CGtk

/// A small picture drawn once and painted many times: what a drawing that repeats a few shapes
/// keeps, so that a redraw copies pixels instead of filling and stroking paths again.
///
/// ```swift
/// let dot = DrawingImage(width: 18, height: 18, scale: area.scaleFactor) { context in
///     context.circle(centerX: 9, centerY: 9, radius: 8)
///     context.fill()
/// }
/// area.setDrawFunction { context, _, _ in
///     context.paint(dot, x: 4, y: 4)
///     context.paint(dot, x: 30, y: 4)
/// }
/// ```
@MainActor
public final class DrawingImage {
    let surface: OpaquePointer
    private var madeTexture: OpaquePointer?
    private var madeCairoNode: OpaquePointer?

    /// The same drawing as a render node for GTK's cairo renderer (`PictureArea`), made when
    /// first placed, at (0, 0).
    var cairoNode: OpaquePointer {
        if let madeCairoNode { return madeCairoNode }
        var bounds = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                     size: graphene_size_t(width: Float(width), height: Float(height)))
        let node = gsk_cairo_node_new(&bounds)!
        let cairo = gsk_cairo_node_get_draw_context(node)
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        madeCairoNode = node
        return node
    }

    /// The same pixels as a texture for the GL renderer (`PictureArea`), made when first placed.
    var texture: OpaquePointer {
        if let madeTexture { return madeTexture }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        // cairo's ARGB32 is premultiplied alpha, red, green, blue in a 32-bit word of this
        // machine's byte order.
        #if _endian(little)
        let format = GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
        #else
        let format = GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
        #endif
        let bytes = g_bytes_new(cairo_image_surface_get_data(surface), gsize(stride * height))
        defer { g_bytes_unref(bytes) }
        let texture = gdk_memory_texture_new(cairo_image_surface_get_width(surface), Int32(height), format, bytes, gsize(stride))!
        madeTexture = texture
        return texture
    }
    /// The size it is painted at, in the drawing's units (pixels at scale 1).
    public let width: Double, height: Double

    /// A transparent image of `width` × `height`, with `scale` pixels to a unit each way (the
    /// widget's `scaleFactor`, so that it stays sharp on a high-density screen), drawn by `draw`
    /// in the same units.
    public init(width: Double, height: Double, scale: Int, draw: (DrawingContext) -> Void) {
        self.width = width
        self.height = height
        let scale = Double(max(1, scale))
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((width * scale).rounded(.up)),
                                             Int32((height * scale).rounded(.up)))
        cairo_surface_set_device_scale(surface, scale, scale)
        let cairo = cairo_create(surface)!
        draw(DrawingContext(cairo))
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
    }

    isolated deinit {
        if let madeTexture { g_object_unref(UnsafeMutableRawPointer(madeTexture)) }
        if let madeCairoNode { gsk_render_node_unref(madeCairoNode) }
        cairo_surface_destroy(surface)
    }
}

extension DrawingContext {
    /// Paints `image` with its top left corner at (`x`, `y`).
    public func paint(_ image: DrawingImage, x: Double, y: Double) {
        cairo_set_source_surface(cairo, image.surface, x, y)
        cairo_paint(cairo)
    }
}
