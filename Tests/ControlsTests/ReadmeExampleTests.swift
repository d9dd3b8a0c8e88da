import Controls
@_spi(Testing) import Gtk
import XCTest

/// The form example at the top of docs/forms.md, as written there, with `import Controls` alone.
final class ReadmeExampleTests: XCTestCase {
    struct Invoice: Equatable {
        enum Currency: String, CaseIterable, FormChoice { case eur, usd }
        var customer = "", dueDate = CalendarDate(year: 2026, month: 11, day: 30)
        var amount: Decimal = 0, currency = Currency.eur, isPaid = false
    }

    func testTheReadmeFormLoadsAndResolvesAnInvoice() {
        GtkRuntime.test {
            let invoice = Invoice(customer: "ACME", amount: Decimal(string: "1234.5")!, currency: .usd, isPaid: true)
            let form = Form<Invoice>(prototype: Invoice())
            let customer = form.bind(ActiveInput<String>(label: "Customer"), to: \.customer, rules: [.required])
            let due = form.bind(DateInput(label: "Due date"), to: \.dueDate)
            let amount = form.bind(ActiveInput<Decimal>(label: "Amount"), to: \.amount)
            let currency = form.bind(ChoiceInput<Invoice.Currency>(label: "Currency"), to: \.currency)
            let paid = form.bind(SwitchInput(label: "Paid"), to: \.isPaid)
            form.addRow([FormElement(customer, size: 2), FormElement(due)])
            form.addRow([FormElement(amount), FormElement(currency), FormElement(paid)])
            let view = FormView(form)

            view.load(invoice)
            XCTAssertFalse(view.isDirty)
            (view.input(for: customer) as? ActiveInput<String>)?.text = "ACME Ltd"
            XCTAssertTrue(view.isDirty)
            switch view.resolve(invoice) {
            case .success(let edited):
                XCTAssertEqual(edited, Invoice(customer: "ACME Ltd", amount: Decimal(string: "1234.5")!, currency: .usd, isPaid: true))
            case .failure(let errors):
                XCTFail("\(errors[amount])")
            }
        }
    }
}
