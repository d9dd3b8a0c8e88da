internal import CGtk

/// A widget that draws itself by placing pictures (`DrawingImage`s): GTK's renderer shows each
/// as a texture, so a redraw neither runs cairo nor rasterizes anything again. For a drawing
/// made of a few shapes repeated, like a PIN's dots; `DrawingArea` draws anything with cairo.
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

        /// Places `image` with its top left corner at (`x`, `y`), at its own size.
        public func place(_ image: DrawingImage, x: Double, y: Double) {
            var bounds = graphene_rect_t(origin: graphene_point_t(x: Float(x), y: Float(y)),
                                         size: graphene_size_t(width: Float(image.width), height: Float(image.height)))
            gtk_snapshot_append_texture(snapshot, image.texture, &bounds)
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
                MainActor.assumeIsolated {
                    box.body(Pictures(snapshot: OpaquePointer(pointer.value!)), width, height)
                }
            }
        }
        return g_type_register_static(gtk_widget_get_type(), "PinformPictureArea", &info, GTypeFlags(rawValue: 0))
    }()
}
