internal import CGtk

/// A column view cell's content that gets its row the height it needs at its column's width:
/// a label that wraps onto several lines (`item.setChild(TableCell(wrapping: label))`).
///
/// Since GTK 4.12 a column view measures a row's height for no width: the row
/// (`GtkColumnViewRowWidget`) keeps GtkWidget's constant-size request mode, so `gtk_widget_measure`
/// drops the width the list measures it for, and each cell is asked its height at any width it
/// likes. A wrapping label then asks for one line; given that height, the cell lays it out on one
/// line as wide as it needs (`gtk_column_view_cell_widget_size_allocate`), past its column: it
/// is neither wrapped nor cut. A table cell answers that question with its child's height at the
/// width the cell was last given (its child's minimum width before its first layout), and has
/// itself measured again when its width changes (a frame later). Remove when GTK's column view
/// rows trade height for width (not so in GTK 4.18).
@MainActor
public final class TableCell: Widget {
    /// A cell showing `child`.
    public init(wrapping child: Widget) {
        super.init(widget: gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        TableCellLayout().install(on: widgetPointer)
        gtk_box_append(pf_box(raw), child.widgetPointer)
    }

    /// The widget the cell shows.
    public var child: Widget? { childWidgets.first }
}

/// The table cell's layout: a `GtkCustomLayout` whose C callbacks find this object in the
/// cell's qdata (GTK gives them only the widget), as the cell's wrapper may go before it.
@MainActor
final class TableCellLayout {
    /// The width the cell's height was last measured at when it was asked for no width.
    private var measuredWidth: Int32 = -1
    /// The height it answered then.
    private var measuredHeight: Int32 = -1
    private var isRemeasureScheduled = false

    private static let layoutQuark: GQuark = g_quark_from_string("pinform-table-cell-layout")

    func install(on cell: UnsafeMutablePointer<GtkWidget>) {
        g_object_set_qdata_full(pf_object(cell), Self.layoutQuark, Unmanaged.passRetained(self).toOpaque(), releaseClosureBoxNotify)
        gtk_widget_set_layout_manager(cell, gtk_custom_layout_new(
            { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH },
            { cell, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
                minimumBaseline?.pointee = -1
                naturalBaseline?.pointee = -1
                let size = MainActor.assumeIsolated {
                    TableCellLayout.of(cell).measure(cell!, orientation, forSize)
                }
                minimum?.pointee = size.minimum
                natural?.pointee = size.natural
            },
            { cell, width, height, _ in
                MainActor.assumeIsolated { TableCellLayout.of(cell).allocate(cell!, width: width, height: height) }
            }))
    }

    private static func of(_ cell: UnsafeMutablePointer<GtkWidget>?) -> TableCellLayout {
        Unmanaged<TableCellLayout>.fromOpaque(g_object_get_qdata(pf_object(cell), layoutQuark)!).takeUnretainedValue()
    }

    private func measure(_ cell: UnsafeMutablePointer<GtkWidget>, _ orientation: GtkOrientation,
                         _ forSize: Int32) -> (minimum: Int32, natural: Int32) {
        guard let child = gtk_widget_get_first_child(cell), gtk_widget_should_layout(child) != 0 else { return (0, 0) }
        var minimum: Int32 = 0
        var natural: Int32 = 0
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            // Its width for no height: the cell asks for the width that fits the row's height,
            // which for a wrapping label and a row too low is its text on one line.
            gtk_widget_measure(child, orientation, -1, &minimum, &natural, nil, nil)
            return (minimum, natural)
        }
        var width = forSize
        if width < 0 {
            var childMinimum: Int32 = 0
            gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &childMinimum, nil, nil, nil)
            width = max(gtk_widget_get_width(cell), childMinimum)
        }
        gtk_widget_measure(child, orientation, width, &minimum, &natural, nil, nil)
        if forSize < 0 {
            measuredWidth = width
            measuredHeight = minimum
        }
        return (minimum, natural)
    }

    private func allocate(_ cell: UnsafeMutablePointer<GtkWidget>, width: Int32, height: Int32) {
        guard let child = gtk_widget_get_first_child(cell) else { return }
        gtk_widget_allocate(child, width, height, -1, nil)
        guard measuredWidth >= 0, width != measuredWidth, !isRemeasureScheduled else { return }
        var needed: Int32 = 0
        gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, width, &needed, nil, nil, nil)
        guard needed != measuredHeight else { return }
        // Its column is now wider or narrower than the height was measured for. A resize queued
        // from inside GTK's layout can be lost: the next turn of the main loop asks for it.
        isRemeasureScheduled = true
        let object = g_object_ref(pf_object(cell))
        MainContext.idle(priority: 100) { [self] in
            isRemeasureScheduled = false
            gtk_widget_queue_resize(pf_widget(UnsafeMutableRawPointer(object)))
            g_object_unref(object)
        }
    }
}
