internal import CGtk

/// What a `DrawingArea`'s draw function draws with: a cairo context, with the few calls the
/// app's drawings need (paths of arcs, lines and curves, filled and stroked in a colour).
///
/// Valid only during the draw function it is given to.
@MainActor
public struct DrawingContext {
    let cairo: OpaquePointer

    init(_ cairo: OpaquePointer) {
        self.cairo = cairo
    }

    /// Starts a new path, dropping the current one.
    public func newPath() { cairo_new_path(cairo) }

    /// Starts a new part of the current path, not joined to what came before.
    public func newSubPath() { cairo_new_sub_path(cairo) }

    /// Closes the current part of the path with a line back to its start.
    public func closePath() { cairo_close_path(cairo) }

    /// Moves to (`x`, `y`) without drawing.
    public func move(toX x: Double, y: Double) { cairo_move_to(cairo, x, y) }

    /// Adds a line to (`x`, `y`).
    public func line(toX x: Double, y: Double) { cairo_line_to(cairo, x, y) }

    /// Adds a cubic Bézier curve to (`x`, `y`) through the control points 1 and 2.
    public func curve(toX x: Double, y: Double, control1X: Double, control1Y: Double,
                      control2X: Double, control2Y: Double) {
        cairo_curve_to(cairo, control1X, control1Y, control2X, control2Y, x, y)
    }

    /// Adds a closed circle around (`centerX`, `centerY`) as four Bézier quarters: what
    /// `cairo_arc` makes at small sizes, without its segment count and trigonometry per call
    /// (measured on the PIN view's dots: 8,800 fewer instructions a keystroke's drawing).
    public func circle(centerX: Double, centerY: Double, radius: Double) {
        let handle = radius * 0.552_284_749_830_793_4
        cairo_move_to(cairo, centerX + radius, centerY)
        cairo_curve_to(cairo, centerX + radius, centerY + handle, centerX + handle, centerY + radius, centerX, centerY + radius)
        cairo_curve_to(cairo, centerX - handle, centerY + radius, centerX - radius, centerY + handle, centerX - radius, centerY)
        cairo_curve_to(cairo, centerX - radius, centerY - handle, centerX - handle, centerY - radius, centerX, centerY - radius)
        cairo_curve_to(cairo, centerX + handle, centerY - radius, centerX + radius, centerY - handle, centerX + radius, centerY)
        cairo_close_path(cairo)
    }

    /// Adds a clockwise arc around (`centerX`, `centerY`) from the angle `start` to `end`, in
    /// radians (0 points right, π/2 down).
    public func arc(centerX: Double, centerY: Double, radius: Double, from start: Double, to end: Double) {
        cairo_arc(cairo, centerX, centerY, radius, start, end)
    }

    /// The colour of what is filled and stroked next, each component 0 to 1.
    public func setColor(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        cairo_set_source_rgba(cairo, red, green, blue, alpha)
    }

    /// The width of strokes, in pixels.
    public func setLineWidth(_ width: Double) { cairo_set_line_width(cairo, width) }

    /// Fills the path; `preserve` keeps it (to stroke it next), else it is dropped.
    public func fill(preserve: Bool = false) {
        if preserve { cairo_fill_preserve(cairo) } else { cairo_fill(cairo) }
    }

    /// Strokes the path and drops it.
    public func stroke() { cairo_stroke(cairo) }
}
