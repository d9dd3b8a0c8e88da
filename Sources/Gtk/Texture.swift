internal import CGtk

/// An image in memory: what a widget looked like when it was rendered.
@MainActor
public final class Texture: Object {
    init(adopting texture: OpaquePointer) {
        super.init(adopting: UnsafeMutableRawPointer(texture))
    }

    private var texture: OpaquePointer { OpaquePointer(raw) }

    /// Width in pixels.
    public var width: Int { Int(gdk_texture_get_width(texture)) }
    /// Height in pixels.
    public var height: Int { Int(gdk_texture_get_height(texture)) }

    /// Writes the image as PNG.
    /// - Returns: Whether the file was written.
    public func savePNG(to path: String) -> Bool { gdk_texture_save_to_png(texture, path) != 0 }

    /// The pixels, 4 bytes each in cairo's ARGB32 layout (B, G, R, A in memory, premultiplied).
    public func pixels() -> (bytes: [UInt8], stride: Int) {
        let stride = width * 4
        var bytes = [UInt8](repeating: 0, count: stride * height)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(stride)) }
        return (bytes, stride)
    }

    /// One pixel, un-premultiplied, as 0–255 red, green, blue, alpha.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let (bytes, stride) = pixels()
        let offset = y * stride + x * 4
        let alpha = bytes[offset + 3]
        func unpremultiply(_ value: UInt8) -> UInt8 {
            alpha == 0 ? 0 : UInt8(min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha)))
        }
        return (unpremultiply(bytes[offset + 2]), unpremultiply(bytes[offset + 1]), unpremultiply(bytes[offset]), alpha)
    }
}

extension Widget {
    /// Renders the widget as it was last drawn, with its window's renderer.
    /// - Returns: nil when the widget is not in a realized window or has no size.
    public func renderTexture() -> Texture? {
        let width = Double(self.width), height = Double(self.height)
        guard width > 0, height > 0, let renderer else { return nil }
        let paintable = gtk_widget_paintable_new(widgetPointer)
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gdk_paintable_snapshot(pf_paintable(UnsafeMutableRawPointer(paintable)), pf_gdk_snapshot(snapshot), width, height)
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                       size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return nil }
        return Texture(adopting: texture)
    }
}
