import Gtk

extension RecordList {
    /// Selects a record's row alone, scrolls it into view and gives it the keyboard focus once
    /// it has its widgets (after an edit, a save, an undo or a delete, the focus is on the
    /// record acted on, so that Delete and Enter act on what is seen selected).
    /// - Returns: false when the list does not show the record.
    @discardableResult
    public func focus(id: ListedRecordID) -> Bool {
        guard select(id: id) else { return false }
        focusRow(of: id, triesLeft: 20)
        return true
    }

    /// Gives a shown record's row the keyboard focus, leaving the selection as it is.
    public func focusRow(of id: ListedRecordID) {
        guard let position = rowIDs.firstIndex(of: id) else { return }
        table.scrollTo(row: position)
        focusRow(of: id, triesLeft: 20)
    }

    /// Whether the row of `id` has the keyboard focus.
    public func rowHasFocus(_ id: ListedRecordID) -> Bool {
        rowWidget(of: id)?.containsFocus ?? false
    }

    /// The row widget showing `id`, when its row has cells now.
    private func rowWidget(of id: ListedRecordID) -> Widget? {
        boundCells.first { $0.associatedValue(for: boundRecordKey) == id }?.ancestor(withRole: .row)
    }

    /// The row gets its widgets only once GTK has laid out the scrolled table: try again after
    /// each layout, a few times.
    private func focusRow(of id: ListedRecordID, triesLeft: Int) {
        if let row = rowWidget(of: id), row.isMapped, row.grabFocus() { return }
        guard triesLeft > 0 else {
            _ = table.grabFocus()
            return
        }
        _ = MainContext.timeout(milliseconds: 16) { [weak self] in
            self?.focusRow(of: id, triesLeft: triesLeft - 1)
            return false
        }
    }
}
