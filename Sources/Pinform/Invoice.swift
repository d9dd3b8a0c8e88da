import Controls
import Forms
import Foundation
import Localization

/// An invoice: who owes how much, since when and until when, and whether it was paid.
struct Invoice: Codable, Equatable {
    /// The currencies an amount is in.
    enum Currency: String, Codable, CaseIterable, FormChoice {
        case eur, usd, gbp, chf

        var title: String {
            switch self {
            case .eur: "Euro (EUR)"
            case .usd: "US dollar (USD)"
            case .gbp: "Pound sterling (GBP)"
            case .chf: "Swiss franc (CHF)"
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

extension Invoice: RecordModel {
    static var title: String { "Invoice" }
    static var settingsKey: String { "invoice" }
    // Translators: the file name an export of the invoices suggests; keep ".csv".
    static var exportFileName: String { tr("invoices.csv") }
    static var table: String { "invoice" }
    static var blank: Invoice {
        let today = CalendarDate(year: 2026, month: 1, day: 1)
        return Invoice(number: "", customer: "", issueDate: today, dueDate: today, amount: 0,
                       currency: .eur, isPaid: false, notes: nil)
    }

    static func makeForm() -> FormView<Invoice> {
        let form = FormView<Invoice>(prototype: blank)
        let number = form.bind(ActiveInput<String>(label: "Number"), to: \.number, rules: [.required])
        let customer = form.bind(ActiveInput<String>(label: "Customer", purpose: .name), to: \.customer, rules: [.required])
        let issued = form.bind(DateInput(label: "Issue date"), to: \.issueDate)
        let due = form.bind(DateInput(label: "Due date"), to: \.dueDate)
        let amount = form.bind(ActiveInput<Decimal>(label: "Amount"), to: \.amount,
                               rules: [.atLeast(0, message: "Enter 0 or more")])
        let currency = form.bind(ChoiceInput<Currency>(label: "Currency"), to: \.currency)
        let paid = form.bind(SwitchInput(label: "Paid"), to: \.isPaid)
        let notes = form.bind(TextAreaInput(label: "Notes", lines: 3), to: \.notes)
        form.addRule(on: [due], message: "The due date cannot be before the issue date") { $0.dueDate >= $0.issueDate }
        form.addRow([FormElement(number), FormElement(customer, size: 2)])
        form.addRow([FormElement(issued), FormElement(due)])
        form.addRow([FormElement(amount), FormElement(currency)])
        form.addRow([FormElement(paid), .spacer()])
        form.addRow([FormElement(notes)])
        form.build()
        return form
    }

    static var fields: [RecordField<Invoice>] {
        [
            .text("Number", stored: "number", \.number),
            .text("Customer", stored: "customer", \.customer),
            .date("Issue date", stored: "issue_date", \.issueDate),
            .date("Due date", stored: "due_date", \.dueDate),
            .decimal("Amount", stored: "amount", \.amount),
            .choice("Currency", stored: "currency", \.currency),
            .flag("Paid", stored: "paid", \.isPaid),
            .text("Notes", stored: "notes", \.notes),
        ]
    }

    var summary: String {
        let state = isPaid ? "paid" : "due \(dueDate.formatted(using: .current))"
        return "\(number), \(customer), \(LocaleText.amount(amount)) \(currency.rawValue.uppercased()), \(state)"
    }
}
