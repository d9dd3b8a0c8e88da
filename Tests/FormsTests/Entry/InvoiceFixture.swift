import Foundation
import Synchronization
@testable import Forms

/// Counts calls from closures that must be `Sendable` (rules).
final class CallCounter: Sendable {
    private let count = Atomic<Int>(0)

    func increment() {
        count.add(1, ordering: .relaxed)
    }

    var value: Int { count.load(ordering: .relaxed) }
}

struct Person {}

enum Currency: String, CaseIterable, FormChoice {
    case eur, usd
}

/// An invoice with lines, a customer reference, a choice, a date, a switch and a computed
/// total, on headless inputs: what the data-entry tests type into.
final class InvoiceFixture {
    struct Line: Equatable {
        var description = ""
        var quantity: Decimal = 1
        var unitPrice: Decimal = 0
        var taxRate: Decimal = 0

        /// quantity × unit price × (1 + tax), rounded half up to cents.
        var amount: Decimal { (quantity * unitPrice * (1 + taxRate)).rounded(places: 2) }
    }

    struct Invoice: Equatable {
        var number = ""
        var customer: RecordRef<Person>?
        var issued = CalendarDate(year: 2026, month: 1, day: 1)
        var currency = Currency.eur
        var paid = false
        var lines: [Line] = []
        var total: Decimal = 0
        var untouched = "kept"
    }

    /// The fields of every row's form, in binding order.
    enum LineField: Int {
        case description, quantity, unitPrice, taxRate
        var id: FieldID { FieldID(index: rawValue) }
    }

    let form: Form<Invoice>
    let parsing: NumberParsing
    let number: TextInput<String>
    let customer: TextInput<RecordRef<Person>>
    let issued: TextInput<CalendarDate>
    let currency: TextInput<Currency>
    let paid: TextInput<Bool>
    /// The input that shows the total.
    let totalText: TextInput<Decimal>
    let fields: (number: FieldID, customer: FieldID, issued: FieldID, currency: FieldID, paid: FieldID, total: FieldID)
    let lines: FormList<Line>
    let net: RunningTotal
    /// Row forms the template made.
    let rowFormsMade: CallCounter
    /// Times a row's description rule ran: its validations.
    let descriptionChecks: CallCounter
    /// Times the running total's term ran.
    let termCalls: CallCounter

    init(parsing: NumberParsing = .posix, lookup: (any RecordLookup<Person> & Sendable)? = nil) {
        self.parsing = parsing
        let form = Form<Invoice>(prototype: Invoice())
        number = TextInput(numberParsing: parsing)
        customer = TextInput(numberParsing: parsing)
        issued = TextInput(numberParsing: parsing)
        currency = TextInput(numberParsing: parsing)
        paid = TextInput(numberParsing: parsing)
        totalText = TextInput<Decimal>(numberParsing: parsing)
        let made = CallCounter(), checks = CallCounter(), terms = CallCounter()
        (rowFormsMade, descriptionChecks, termCalls) = (made, checks, terms)
        let numberField = form.bind(number, to: \.number, rules: [.required])
        let customerField = form.bind(customer, to: \.customer, rules: lookup.map { [.exists(in: $0)] } ?? [])
        let issuedField = form.bind(issued, to: \.issued)
        let currencyField = form.bind(currency, to: \.currency)
        let paidField = form.bind(paid, to: \.paid)
        let lines = form.bind(list: \.lines) {
            made.increment()
            let line = Form<Line>(prototype: Line())
            let description = line.bind(TextInput<String>(numberParsing: parsing), to: \.description,
                                        rules: [.required, .custom { _ in checks.increment(); return nil }])
            let quantity = line.bind(TextInput<Decimal>(numberParsing: parsing), to: \.quantity, rules: [.atLeast(0)])
            let unitPrice = line.bind(TextInput<Decimal>(numberParsing: parsing), to: \.unitPrice)
            let taxRate = line.bind(TextInput<Decimal>(numberParsing: parsing), to: \.taxRate, rules: [.range(0...1)])
            line.addRow([FormElement(description, size: 3), FormElement(quantity), FormElement(unitPrice), FormElement(taxRate)])
            return line
        }
        let net = lines.total { terms.increment(); return $0.amount }
        (self.lines, self.net) = (lines, net)
        let totalField = form.bind(computed: totalText, to: \.total) { _ in net.value }
        form.addRow([FormElement(numberField), FormElement(customerField)])
        form.addRow([FormElement(issuedField), FormElement(currencyField), FormElement(paidField)])
        form.addRow([FormElement(lines.field)])
        form.addRow([FormElement(totalField)])
        fields = (numberField, customerField, issuedField, currencyField, paidField, totalField)
        self.form = form
    }

    /// The text input of `field` in `row`.
    func input(_ field: LineField, in row: RowID) -> any FormInput {
        lines.form(for: row).object(for: field.id) as! any FormInput
    }

    /// The text of `field` in `row`.
    func text(_ field: LineField, in row: RowID) -> String? {
        input(field, in: row).text
    }

    /// Types `text` into `field` of `row`, as a person would.
    func type(_ text: String, into field: LineField, of row: RowID) {
        lines.form(for: row).type(text, into: field.id)
    }

    /// Fills a new row with a line, by typing; returns the row.
    @discardableResult
    func addLine(_ description: String, quantity: String, price: String, tax: String = "0") -> RowID {
        let row = lines.add()
        type(description, into: .description, of: row)
        type(quantity, into: .quantity, of: row)
        type(price, into: .unitPrice, of: row)
        type(tax, into: .taxRate, of: row)
        lines.form(for: row).endEditing()
        return row
    }

    static func line(_ description: String, _ quantity: String, _ price: String, tax: String = "0") -> Line {
        Line(description: description, quantity: Decimal(string: quantity)!, unitPrice: Decimal(string: price)!,
             taxRate: Decimal(string: tax)!)
    }

    static let sample = Invoice(
        number: "2026-017", customer: RecordRef(id: 7), issued: CalendarDate(year: 2026, month: 11, day: 30),
        currency: .usd, paid: true,
        lines: [line("Paper", "2", "3.50", tax: "0.2"), line("Ink", "1", "12.00"), line("Stamps", "10", "0.85")],
        total: 99)   // stale on purpose: the form computes 28.90
}
