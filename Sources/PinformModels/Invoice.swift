import Controls
import Forms
import Localization
import PinformCore
import Storage

/// An invoice: its number, the customer (a `Person` record), when it was issued and is due,
/// its lines and their total, the currency, whether it was paid and notes.
///
/// Money is `Decimal`, never binary floating point: each line is quantity × unit price ×
/// (1 + tax rate ÷ 100), rounded half up (half away from zero) to cents; the total is the sum
/// of the rounded lines, so it is always what the lines add up to on paper.
struct Invoice: Equatable {
    /// The currencies an amount is in.
    enum Currency: String, Codable, CaseIterable, FormChoice {
        case eur, usd, gbp, chf

        var title: String {
            switch self {
            case .eur: tr("Euro (EUR)")
            case .usd: tr("US dollar (USD)")
            case .gbp: tr("Pound sterling (GBP)")
            case .chf: tr("Swiss franc (CHF)")
            }
        }
    }

    /// One line: what was sold, how many, at what price each, with what tax.
    struct Line: Codable, Equatable {
        var description = ""
        var quantity: Decimal = 1
        var unitPrice: Decimal = 0
        /// In percent: 19 is 19 %.
        var taxRate: Decimal = 0

        /// quantity × unit price × (1 + tax rate ÷ 100), rounded half up to cents.
        var amount: Decimal {
            (quantity * unitPrice * (1 + taxRate / 100)).rounded(places: 2)
        }
    }

    var number: String
    /// The customer; nil on an invoice saved before customers were people (see `customerName`).
    var customer: RecordRef<Person>?
    /// The customer's summary when the invoice was last saved (kept for sorting, searching and
    /// the export), or the customer typed as text by a version before references.
    var customerName: String
    var issueDate: CalendarDate
    var dueDate: CalendarDate
    var lines: [Line]
    var currency: Currency
    var isPaid: Bool
    var notes: String?

    /// The sum of the lines, each rounded to cents.
    var total: Decimal {
        lines.reduce(0) { $0 + $1.amount }
    }
}

extension Invoice: FormModel {
    // Translators: a kind of record, on the form window's switcher.
    static var title: String { tr("Invoice") }
    static var settingsKey: String { "invoice" }
    static var iconName: String { "x-office-document-symbolic" }
    // Translators: the file name an export of the invoices suggests; keep ".csv".
    static var exportFileName: String { tr("invoices.csv") }
    static var table: String { "invoice" }
    /// 2: the amount became lines and their total.
    static var layoutVersion: Int { 2 }
    static var blank: Invoice {
        let today = CalendarDate(year: 2026, month: 1, day: 1)
        return Invoice(number: "", customer: nil, customerName: "", issueDate: today, dueDate: today, lines: [],
                       currency: .eur, isPaid: false, notes: nil)
    }
    // Translators: asked after a crash or Lock when the invoice form held typed changes.
    static var restoreDraftQuestion: String { tr("Restore the unsaved invoice?") }

    static var fields: [RecordField<Invoice>] {
        [
            .text(tr("Number"), stored: "number", \.number),
            .text(tr("Customer"), stored: "customer", \.customerName),
            .date(tr("Issue date"), stored: "issue_date", \.issueDate),
            .date(tr("Due date"), stored: "due_date", \.dueDate),
            .decimal(tr("Total"), stored: "total", \.total),
            // Translators: the export's column of an invoice's lines, one per line of the cell.
            .text(tr("Lines"), stored: "lines_text", \.linesCell),
            .choice(tr("Currency"), stored: "currency", \.currency),
            .flag(tr("Paid"), stored: "paid", \.isPaid),
            .text(tr("Notes"), stored: "notes", \.notes),
        ]
    }

    /// The stored columns, the customer's read from the person as it is now.
    static func listColumns(_ context: ModelContext) -> [RecordColumn<Invoice>] {
        let people = context.lookup(Person.self)
        return listColumns.enumerated().map { index, column in
            if column.sortKey == "lines_text" {
                // The list shows the lines as a person reads them; the export keeps its cell.
                return RecordColumn(title: column.title, sortKey: column.sortKey, text: column.text) { invoice in
                    InvoiceLinesSummary.text(invoice.lines)
                }
            }
            guard index == 1 else { return column }
            return RecordColumn(title: column.title, sortKey: column.sortKey) { invoice in
                invoice.customer.flatMap(people.summary(of:)) ?? invoice.customerName
            }
        }
    }

    /// Why people cannot be deleted: the invoices whose customer they are, by number.
    @MainActor
    static func refusal(deleting people: [RecordID], in context: ModelContext) -> String? {
        let ids = Set(people.map(\.rawValue))
        guard let store = try? context.records?.store(Invoice.self), let invoices = try? store.list(sortedBy: "number", ascending: true, search: nil, limit: nil, offset: 0) else {
            return nil
        }
        let using = invoices.filter { $0.model.customer.map { ids.contains($0.id) } ?? false }
        guard !using.isEmpty else { return nil }
        let numbers = using.prefix(5).map { $0.model.number.isEmpty ? "#\($0.id)" : $0.model.number }
        let list = numbers.joined(separator: tr(", ")) + (using.count > 5 ? "…" : "")
        // Translators: deleting a person is refused; {invoices} lists invoice numbers: "2026-017, 2026-018".
        return trn("Not deleted: invoice {invoices} has this customer. Choose another customer there first.",
                   "Not deleted: invoices {invoices} have this customer. Choose another customer there first.",
                   using.count, ["invoices": list])
    }

    var summary: String {
        let values: KeyValuePairs<String, String> = [
            "number": number, "customer": customerName, "amount": LocaleText.amount(total),
            "currency": currency.rawValue.uppercased(), "due": dueDate.formatted(using: .current),
        ]
        // Translators: a saved invoice in one line: "2026-017, ACME Ltd, 1234.50 EUR, paid".
        if isPaid { return tr("{number}, {customer}, {amount} {currency}, paid", values) }
        // Translators: a saved invoice in one line: "2026-017, ACME Ltd, 1234.50 EUR, due 30.11.2026".
        return tr("{number}, {customer}, {amount} {currency}, due {due}", values)
    }
}
