extension FormDefinition {
    /// The row `field` is in (in ``rows``) and its place in it.
    public func place(of field: FieldDefinitionID) -> (row: Int, cell: Int)? {
        for (index, row) in rows.enumerated() {
            if let cell = row.fields.firstIndex(of: field) { return (index, cell) }
        }
        return nil
    }

    /// Moves `field` one place earlier: before its neighbour in the row, or, first in its row,
    /// to a row of its own above (the field order follows the layout).
    public mutating func moveUp(_ field: FieldDefinitionID) {
        move(field, by: -1)
    }

    /// Moves `field` one place later: after its neighbour in the row, or, last in its row, to a
    /// row of its own below.
    public mutating func moveDown(_ field: FieldDefinitionID) {
        move(field, by: 1)
    }

    /// Puts `field` at the end of the row above, sharing it; nothing when it is in the first row.
    public mutating func joinRowAbove(_ field: FieldDefinitionID) {
        var layout = rows
        guard let (row, cell) = place(of: field), row > 0 else { return }
        let moved = layout[row].cells.remove(at: cell)
        layout[row - 1].cells.append(moved)
        setLayout(layout)
    }

    /// Gives `field` a row of its own, just below the row it shared.
    public mutating func separate(_ field: FieldDefinitionID) {
        var layout = rows
        guard let (row, cell) = place(of: field), layout[row].cells.count > 1 else { return }
        let moved = layout[row].cells.remove(at: cell)
        layout.insert(LayoutRow([moved]), at: row + 1)
        setLayout(layout)
    }

    /// Sets `field`'s width in its row (1 or more).
    public mutating func setWidth(_ width: Int, of field: FieldDefinitionID) {
        var layout = rows
        guard let (row, cell) = place(of: field) else { return }
        layout[row].cells[cell].width = max(1, width)
        setLayout(layout)
    }

    private mutating func move(_ field: FieldDefinitionID, by step: Int) {
        var layout = rows
        guard let (row, cell) = place(of: field) else { return }
        let target = cell + step
        if layout[row].cells.indices.contains(target) {
            layout[row].cells.swapAt(cell, target)
        } else if layout[row].cells.count > 1 {
            let moved = layout[row].cells.remove(at: cell)
            layout.insert(LayoutRow([moved]), at: step < 0 ? row : row + 1)
        } else {
            let other = row + step
            guard layout.indices.contains(other) else { return }
            layout.swapAt(row, other)
        }
        setLayout(layout)
    }

    /// Takes `layout` (non-empty rows) and orders the fields as it shows them.
    private mutating func setLayout(_ layout: [LayoutRow]) {
        self.layout = layout.filter { !$0.cells.isEmpty }
        let order = self.layout.flatMap(\.fields)
        let position = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        fields.sort { (position[$0.id] ?? Int.max) < (position[$1.id] ?? Int.max) }
    }
}
