import Controls
import Forms
import Localization
import PinformCore

/// An invoice: who owes how much, since when and until when, and whether it was paid.
struct Invoice: Codable, Equatable {
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

    var number: String
    var customer: String
    var issueDate: CalendarDate
    var dueDate: CalendarDate
    var amount: Decimal
    var currency: Currency
    var isPaid: Bool
    var notes: String?
}

extension Invoice: FormModel {
    // Translators: a kind of record, on the form window's switcher.
    static var title: String { tr("Invoice") }
    static var settingsKey: String { "invoice" }
    static var iconName: String { "x-office-document-symbolic" }
    // Translators: the file name an export of the invoices suggests; keep ".csv".
    static var exportFileName: String { tr("invoices.csv") }
    static var table: String { "invoice" }
    static var blank: Invoice {
        let today = CalendarDate(year: 2026, month: 1, day: 1)
        return Invoice(number: "", customer: "", issueDate: today, dueDate: today, amount: 0,
                       currency: .eur, isPaid: false, notes: nil)
    }

    static func makeForm() -> FormView<Invoice> {
        let form = Form<Invoice>(prototype: blank)
        let number = form.bind(ActiveInput<String>(label: tr("Number")), to: \.number, rules: [.required])
        let customer = form.bind(ActiveInput<String>(label: tr("Customer"), purpose: .name), to: \.customer, rules: [.required])
        let issued = form.bind(DateInput(label: tr("Issue date")), to: \.issueDate)
        let due = form.bind(DateInput(label: tr("Due date")), to: \.dueDate)
        let amount = form.bind(ActiveInput<Decimal>(label: tr("Amount")), to: \.amount,
                               rules: [.atLeast(0)])
        let currency = form.bind(ChoiceInput<Currency>(label: tr("Currency")), to: \.currency)
        let paid = form.bind(SwitchInput(label: tr("Paid")), to: \.isPaid)
        let notes = form.bind(TextAreaInput(label: tr("Notes"), lines: 3), to: \.notes)
        form.addRule(on: [due], message: tr("The due date cannot be before the issue date")) { $0.dueDate >= $0.issueDate }
        form.addRow([FormElement(number), FormElement(customer, size: 2)])
        form.addRow([FormElement(issued), FormElement(due)])
        form.addRow([FormElement(amount), FormElement(currency)])
        form.addRow([FormElement(paid), .spacer()])
        form.addRow([FormElement(notes)])
        return FormView(form)
    }

    static var fields: [RecordField<Invoice>] {
        [
            .text(tr("Number"), stored: "number", \.number),
            .text(tr("Customer"), stored: "customer", \.customer),
            .date(tr("Issue date"), stored: "issue_date", \.issueDate),
            .date(tr("Due date"), stored: "due_date", \.dueDate),
            .decimal(tr("Amount"), stored: "amount", \.amount),
            .choice(tr("Currency"), stored: "currency", \.currency),
            .flag(tr("Paid"), stored: "paid", \.isPaid),
            .text(tr("Notes"), stored: "notes", \.notes),
        ]
    }

    var summary: String {
        let values: KeyValuePairs<String, String> = [
            "number": number, "customer": customer, "amount": LocaleText.amount(amount),
            "currency": currency.rawValue.uppercased(), "due": dueDate.formatted(using: .current),
        ]
        // Translators: a saved invoice in one line: "2026-017, ACME Ltd, 1234.50 EUR, paid".
        if isPaid { return tr("{number}, {customer}, {amount} {currency}, paid", values) }
        // Translators: a saved invoice in one line: "2026-017, ACME Ltd, 1234.50 EUR, due 30.11.2026".
        return tr("{number}, {customer}, {amount} {currency}, due {due}", values)
    }
}
