internal import CGtk

/// Widgets in rows and columns.
@MainActor
public final class Grid: Widget {

    /// A grid with the given spacing between rows and columns.
    public convenience init(rowSpacing: UInt32 = 0, columnSpacing: UInt32 = 0) {
        self.init()
        gtk_grid_set_row_spacing(pf_grid(raw), rowSpacing)
        gtk_grid_set_column_spacing(pf_grid(raw), columnSpacing)
    }

    /// Places `child` at a cell, spanning `width` columns and `height` rows.
    public func attach(_ child: Widget, column: Int32, row: Int32, width: Int32 = 1, height: Int32 = 1) {
        gtk_grid_attach(pf_grid(raw), child.widgetPointer, column, row, width, height)
    }
}
