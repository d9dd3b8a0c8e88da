internal import CGtk

/// A widget that draws itself by placing pictures (`DrawingImage`s), so that a redraw does not
/// draw its shapes again: the GL renderer gets each picture as a texture it uploads once, GTK's
/// cairo renderer (no GL) as a render node it copies the pixels of. For a drawing made of a few
/// shapes repeated, like a PIN's dots; `DrawingArea` draws anything with cairo.
///
/// ```swift
/// let area = PictureArea(role: .presentation)
/// area.setSizeRequest(width: 60, height: 20)
/// area.setDrawFunction { pictures, width, height in
///     pictures.place(dot, x: 0, y: 0)
///     pictures.place(dot, x: 30, y: 0)
/// }
/// ```
@MainActor
public final class PictureArea: Widget {
    /// Places the pictures in an area of `width` × `height`; the `Pictures` are valid only
    /// during the call.
    public typealias DrawFunction = @MainActor (_ pictures: Pictures, _ width: Int32, _ height: Int32) -> Void

    /// Where a draw function places its pictures (GTK's snapshot of the widget).
    @MainActor
    public struct Pictures {
        let snapshot: OpaquePointer
        /// Whether the window is drawn by GTK's cairo renderer (no GL).
        let drawsWithCairo: Bool

        /// Places `image` with its top left corner at (`x`, `y`), at its own size.
        public func place(_ image: DrawingImage, x: Double, y: Double) {
            guard drawsWithCairo else {
                // The GL renderer uploads a texture once and draws it from then on.
                var bounds = graphene_rect_t(origin: graphene_point_t(x: Float(x), y: Float(y)),
                                             size: graphene_size_t(width: Float(image.width), height: Float(image.height)))
                gtk_snapshot_append_texture(snapshot, image.texture, &bounds)
                return
            }
            // GTK 4.8's cairo renderer converts every pixel of a texture each time it draws it;
            // a cairo node it replays into a small image and copies. The picture's own node, made
            // once, saves recording a new one at every redraw (docs/benchmarks.md).
            var offset = graphene_point_t(x: Float(x), y: Float(y))
            gtk_snapshot_save(snapshot)
            gtk_snapshot_translate(snapshot, &offset)
            gtk_snapshot_append_node(snapshot, image.cairoNode)
            gtk_snapshot_restore(snapshot)
        }
    }

    /// A picture area with an accessible role (construct-only in GTK).
    public init(role: AccessibleRole = .img) {
        var names = [UnsafePointer<CChar>?]()
        var values = [GValue()]
        let name = strdup("accessible-role")
        defer { free(name) }
        names.append(UnsafePointer(name))
        g_value_init(&values[0], gtk_accessible_role_get_type())
        g_value_set_enum(&values[0], Int32(role.cValue.rawValue))
        let object = g_object_new_with_properties(PictureArea.type, 1, &names, &values)
        g_value_unset(&values[0])
        super.init(widget: pf_widget(UnsafeMutableRawPointer(object)))
    }

    /// Sets the function that places the pictures; it replaces any earlier one. GTK calls it
    /// when the widget is drawn after `queueDraw()` (and keeps the result until then).
    public func setDrawFunction(_ draw: @escaping DrawFunction) {
        let box = ClosureBox<DrawFunction>(draw)
        g_object_set_qdata_full(objectPointer, PictureArea.drawQuark, box.retainedPointer(), releaseClosureBoxNotify)
        queueDraw()
    }

    private static let drawQuark: GQuark = g_quark_from_string("pinform-picture-area-draw")

    /// The GType: a `GtkWidget` whose snapshot calls the draw function kept in its qdata.
    private static let type: GType = {
        var info = GTypeInfo()
        info.class_size = guint16(MemoryLayout<GtkWidgetClass>.size)
        info.instance_size = guint16(MemoryLayout<GtkWidget>.size)
        info.class_init = { widgetClass, _ in
            let widgetClass = widgetClass!.assumingMemoryBound(to: GtkWidgetClass.self)
            widgetClass.pointee.snapshot = { widget, snapshot in
                guard let widget, let snapshot,
                      let data = g_object_get_qdata(pf_object(UnsafeMutableRawPointer(widget)), PictureArea.drawQuark) else { return }
                let box = ClosureBox<DrawFunction>.from(data)
                let width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget)
                let pointer = MainThreadPointer(value: UnsafeMutableRawPointer(snapshot))
                let cairo = drawsWithCairo(widget)
                MainActor.assumeIsolated {
                    box.body(Pictures(snapshot: OpaquePointer(pointer.value!), drawsWithCairo: cairo), width, height)
                }
            }
        }
        return g_type_register_static(gtk_widget_get_type(), "PinformPictureArea", &info, GTypeFlags(rawValue: 0))
    }()
}
