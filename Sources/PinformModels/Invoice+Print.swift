import Localization
import PinformCore

extension Invoice {
    /// An invoice on paper: its number as the title, the customer and dates, a table of its
    /// lines (description, quantity, unit price, tax, amount), and the total in its currency.
    public var printout: PrintedDocument {
        let currencyCode = currency.rawValue.uppercased()
        let status = isPaid ? tr("Paid") : tr("Due {date}", ["date": dueDate.formatted(using: .current)])
        var facts: [PrintedDocument.Pair] = [
            .init(tr("Customer"), customerName),
            .init(tr("Issue date"), issueDate.formatted(using: .current)),
            .init(tr("Due date"), dueDate.formatted(using: .current)),
            .init(tr("Currency"), currency.title),
        ]
        if let notes, !notes.isEmpty { facts.append(.init(tr("Notes"), notes)) }
        let rows = lines.map { line in
            [line.description, LocaleText.amount(line.quantity), LocaleText.amount(line.unitPrice),
             LocaleText.amount(line.taxRate), LocaleText.amount(line.amount)]
        }
        // Translators: the title of a printed invoice: "Invoice 2026-017".
        return PrintedDocument(title: tr("Invoice {number}", ["number": number]), subtitle: status, blocks: [
            .fields(facts),
            .table(PrintedTable(
                // Translators: a printed invoice's table headers; the tax is in percent.
                headers: [tr("Description"), tr("Quantity"), tr("Unit price"), tr("Tax %"), tr("Amount")],
                rows: rows,
                numericColumns: [1, 2, 3, 4], weights: [4, 1, 1.5, 1, 1.5])),
            .totals([.init(tr("Total"), "\(LocaleText.amount(total)) \(currencyCode)")]),
        ])
    }
}
