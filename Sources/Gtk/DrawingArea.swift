internal import CGtk

/// A widget that draws itself (with cairo, through a `DrawingContext`).
///
/// ```swift
/// let area = DrawingArea(role: .img)
/// area.setDrawFunction { context, width, height in
///     context.circle(centerX: 10, centerY: 10, radius: 8)
///     context.fill()
/// }
/// ```
@MainActor
public final class DrawingArea: Widget {
    /// Draws the content into a context of `width` × `height`; the context is valid only
    /// during the call.
    public typealias DrawFunction = @MainActor (_ context: DrawingContext, _ width: Int32, _ height: Int32) -> Void

    /// A drawing area with an accessible role (construct-only in GTK).
    public init(role: AccessibleRole = .img) {
        super.init(widget: pf_drawing_area_new_with_role(role.cValue))
    }

    /// The natural width of the content.
    public var contentWidth: Int32 {
        get { gtk_drawing_area_get_content_width(pf_drawing_area(raw)) }
        set { gtk_drawing_area_set_content_width(pf_drawing_area(raw), newValue) }
    }

    /// The natural height of the content.
    public var contentHeight: Int32 {
        get { gtk_drawing_area_get_content_height(pf_drawing_area(raw)) }
        set { gtk_drawing_area_set_content_height(pf_drawing_area(raw), newValue) }
    }

    /// Sets the function that draws the content; it replaces any earlier one.
    public func setDrawFunction(_ draw: @escaping DrawFunction) {
        let box = ClosureBox<DrawFunction>(draw)
        gtk_drawing_area_set_draw_func(pf_drawing_area(raw), { _, cairo, width, height, data in
            let box = ClosureBox<DrawFunction>.from(data)
            let cairo = MainThreadPointer(value: UnsafeMutableRawPointer(cairo))
            MainActor.assumeIsolated { box.body(DrawingContext(OpaquePointer(cairo.value!)), width, height) }
        }, box.retainedPointer(), releaseClosureBoxNotify)
    }
}
