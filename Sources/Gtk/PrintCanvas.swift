internal import CGtk

/// One page being printed: its size in points, and text, lines and shaded boxes drawn on it
/// (cairo and Pango on GTK's print context). Text wraps at word boundaries in the width it is
/// given and follows its own direction (Hebrew reads right to left).
///
/// ```swift
/// operation.onDrawPage { canvas, page in
///     let height = canvas.draw("Invoice 2026-017", font: PrintFont(size: 18, isBold: true), x: 0, y: 0, width: canvas.width)
///     canvas.line(fromX: 0, y: height + 4, toX: canvas.width, y: height + 4)
/// }
/// ```
@MainActor
public struct PrintCanvas {
    private let context: OpaquePointer
    private let cairo: OpaquePointer

    init(_ context: OpaquePointer) {
        self.context = context
        cairo = gtk_print_context_get_cairo_context(context)
    }

    /// The printable width in points (inside the margins).
    public var width: Double { gtk_print_context_get_width(context) }
    /// The printable height in points (inside the margins).
    public var height: Double { gtk_print_context_get_height(context) }
    /// Whether the user's language reads right to left, so that the page's columns mirror.
    public var isRightToLeft: Bool { gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL }

    private func layout(_ text: String, font: PrintFont, width: Double?, alignment: PrintAlignment) -> OpaquePointer {
        let layout = gtk_print_context_create_pango_layout(context)!
        pango_layout_set_text(layout, text, -1)
        let description = pango_font_description_from_string(font.pangoDescription)
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        if let width {
            pango_layout_set_width(layout, Int32(max(width, 1) * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        switch alignment {
        case .start: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .end: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        return layout
    }

    private func size(of layout: OpaquePointer) -> (width: Double, height: Double) {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(layout, &width, &height)
        return (Double(width) / Double(PANGO_SCALE), Double(height) / Double(PANGO_SCALE))
    }

    /// The height `text` takes wrapped in `width` points.
    public func height(of text: String, font: PrintFont, width: Double) -> Double {
        let layout = layout(text, font: font, width: width, alignment: .start)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return size(of: layout).height
    }

    /// The width `text` takes on one line.
    public func width(of text: String, font: PrintFont) -> Double {
        let layout = layout(text, font: font, width: nil, alignment: .start)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return size(of: layout).width
    }

    /// Draws `text` wrapped in `width` points with its top at `y`, in `gray` (0 black, 1
    /// white); returns the height it took.
    @discardableResult
    public func draw(_ text: String, font: PrintFont, x: Double, y: Double, width: Double,
                     alignment: PrintAlignment = .start, gray: Double = 0) -> Double {
        let layout = layout(text, font: font, width: width, alignment: alignment)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        cairo_set_source_rgb(cairo, gray, gray, gray)
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, layout)
        return size(of: layout).height
    }

    /// Draws a straight line `width` points wide.
    public func line(fromX x1: Double, y y1: Double, toX x2: Double, y y2: Double, width: Double = 0.5, gray: Double = 0) {
        cairo_set_source_rgb(cairo, gray, gray, gray)
        cairo_set_line_width(cairo, width)
        cairo_move_to(cairo, x1, y1)
        cairo_line_to(cairo, x2, y2)
        cairo_stroke(cairo)
    }

    /// Fills a rectangle in `gray`: a table's header band, a box around a key.
    public func fill(x: Double, y: Double, width: Double, height: Double, gray: Double) {
        cairo_set_source_rgb(cairo, gray, gray, gray)
        cairo_rectangle(cairo, x, y, width, height)
        cairo_fill(cairo)
    }
}
