import PinformCore

extension Invoice {
    /// An invoice is already saved when its number is.
    public var duplicateKey: String? { number.isEmpty ? nil : ImportText.folded(number) }

    /// The lines as the export's Lines cell writes them (`InvoiceLinesCell`).
    var linesCell: String { InvoiceLinesCell.text(lines) }

    /// The imported invoice with the lines of its Lines cell, or each bad line's problem
    /// ("Line 2: Quantity: Enter a number"). A file without a Lines column imports
    /// invoices without lines.
    @MainActor
    static func finishImport(_ model: Invoice, cells: [Int: String]) -> Result<Invoice, ImportRejection> {
        guard let column = fields.firstIndex(where: { $0.column.name == "lines_text" }), let cell = cells[column] else {
            return .success(model)
        }
        switch InvoiceLinesCell.lines(cell) {
        case .success(let lines):
            var invoice = model
            invoice.lines = lines
            return .success(invoice)
        case .failure(let rejection):
            return .failure(rejection)
        }
    }
}
