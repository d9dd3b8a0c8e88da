import Gtk
import Localization

/// Fitting the table to its pane: the columns that do not fit are hidden, last first, rather
/// than scrolled to sideways; their values stay in the row's accessible name (and in Edit), and
/// the columns come back as the pane widens. (A row's tooltip with them made a click on the row
/// and Delete delete another record in the end-to-end test: taken out until that is understood.)
extension RecordList {
    /// Shows as many columns, from the first, as the view's width holds at their minimum
    /// widths (a cell wraps onto up to three lines first); the first column always shows, and
    /// scrolls sideways when even it does not fit (1.5× text in a 360-pixel window).
    ///
    /// Each column's width is measured on its own title and cells while it shows and kept
    /// while it is hidden: GTK measures the table once a layout, so the table's own width is
    /// not known again after a column is shown or hidden until the next frame.
    func fitColumns() {
        fitScheduled = false
        let available = scroller.viewWidth
        guard available > 0 else { return }
        // GTK's own measure of the shown columns (current after a layout) says whether anything
        // is to change: when they fit and the next hidden one (at its last width) would not,
        // nothing is measured — the common case, and each search keystroke's.
        let shownWidth = Double(table.minimumWidth)
        if shownWidth <= available {
            guard let next = tableColumns.firstIndex(where: { !$0.isVisible }) else { return }
            if shownWidth + Double(columnWidths[next] ?? 0) > available { return }
        }
        measureShownColumns()
        var total = 0.0
        var fitting = 0
        for index in tableColumns.indices {
            total += Double(columnWidths[index] ?? 0)
            guard index == 0 || total <= available else { break }
            fitting = index + 1
        }
        for (index, column) in tableColumns.enumerated() where column.isVisible != (index < fitting) {
            column.isVisible = index < fitting
        }
    }

    /// Keeps the width each shown column needs: the widest minimum of its title and its cells.
    private func measureShownColumns() {
        var widths: [Int: Int32] = [:]
        if let header = table.childWidgets.first(where: { $0.accessibleRole == .row }) {
            // The header has a title a column, in order, hidden ones included.
            for (index, title) in header.childWidgets.prefix(tableColumns.count).enumerated() where tableColumns[index].isVisible {
                widths[index] = title.minimumWidth
            }
        }
        for (index, labels) in cellLabels.enumerated() where tableColumns[index].isVisible {
            for label in labels where label.associatedValue(for: boundRecordKey) != nil {
                guard let cell = label.ancestor(withRole: .gridCell) else { continue }
                widths[index] = max(widths[index] ?? 0, cell.minimumWidth)
            }
        }
        for (index, width) in widths { columnWidths[index] = width }
    }

    /// Fits the columns once the current change is laid out (not from inside GTK's layout,
    /// where showing or hiding a column would be dropped).
    func scheduleFit() {
        guard !fitScheduled else { return }
        fitScheduled = true
        MainContext.idle(priority: 100) { [weak self] in self?.fitColumns() }
    }

    /// The titles of the columns the table does not show now.
    public var hiddenColumnTitles: [String] {
        zip(columns, tableColumns).filter { !$0.1.isVisible }.map(\.0.title)
    }
}
