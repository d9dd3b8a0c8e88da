import Localization
import PinformCore

extension Invoice {
    /// An invoice on paper: its number as the title, the customer and dates, a table of what
    /// is invoiced, and the total in its currency.
    var printout: PrintedDocument {
        let currencyCode = currency.rawValue.uppercased()
        let status = isPaid ? tr("Paid") : tr("Due {date}", ["date": dueDate.formatted(using: .current)])
        // Translators: the title of a printed invoice: "Invoice 2026-017".
        return PrintedDocument(title: tr("Invoice {number}", ["number": number]), subtitle: status, blocks: [
            .fields([
                .init(tr("Customer"), customer),
                .init(tr("Issue date"), issueDate.formatted(using: .current)),
                .init(tr("Due date"), dueDate.formatted(using: .current)),
                .init(tr("Currency"), currency.title),
            ]),
            .table(PrintedTable(
                // Translators: a printed invoice's table header.
                headers: [tr("Description"), tr("Amount")],
                rows: [[notes ?? tr("Invoice {number}", ["number": number]), LocaleText.amount(amount)]],
                numericColumns: [1], weights: [3, 1])),
            .totals([.init(tr("Total"), "\(LocaleText.amount(amount)) \(currencyCode)")]),
        ])
    }
}
