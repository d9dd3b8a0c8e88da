import Foundation
import SeededRandom
import XCTest
@testable import Forms

final class ComputedFieldTests: XCTestCase {
    private typealias Invoice = InvoiceFixture.Invoice

    func testTheTotalIsComputedFromTheLinesOnLoadNotTakenFromTheStoredValue() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)   // stored total 99
        XCTAssertEqual(fixture.totalText.text, "28.9")
    }

    func testTheTotalFollowsEveryKeystrokeInARow() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        fixture.type("3", into: .quantity, of: fixture.lines.rows[1])
        XCTAssertEqual(fixture.totalText.text, "52.9")
        fixture.type("3.", into: .quantity, of: fixture.lines.rows[1])
        XCTAssertEqual(fixture.totalText.text, "52.9", "3. reads as 3")
        fixture.type("3.5", into: .quantity, of: fixture.lines.rows[1])
        XCTAssertEqual(fixture.totalText.text, "58.9")
    }

    func testTextThatDoesNotResolveKeepsTheRowsLastValueInTheTotal() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        fixture.type("x", into: .quantity, of: fixture.lines.rows[1])
        XCTAssertEqual(fixture.totalText.text, "28.9")
    }

    func testTheTotalFollowsRowsAddedRemovedMovedAndUndone() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        fixture.addLine("Glue", quantity: "2", price: "1.05", tax: "0.1")   // 2.31
        XCTAssertEqual(fixture.totalText.text, "31.21")
        fixture.lines.remove(fixture.lines.rows[0])                          // - 8.40
        XCTAssertEqual(fixture.totalText.text, "22.81")
        fixture.lines.move(fixture.lines.rows[0], to: 2)
        XCTAssertEqual(fixture.totalText.text, "22.81")
        fixture.form.undo()
        fixture.form.undo()
        XCTAssertEqual(fixture.totalText.text, "31.21")
    }

    func testResolveStoresTheComputedTotal() throws {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        XCTAssertEqual(try fixture.form.resolve(Invoice()).get().total, Decimal(string: "28.9"))
    }

    func testTheTotalIsShownInTheUsersLocale() {
        let fixture = InvoiceFixture(parsing: NumberParsing(locale: Locale(identifier: "de_DE")))
        fixture.form.load(InvoiceFixture.sample)
        XCTAssertEqual(fixture.totalText.text, "28,9")
        fixture.type("1,5", into: .quantity, of: fixture.lines.rows[1])
        XCTAssertEqual(fixture.totalText.text, "34,9")
    }

    func testAComputedFieldIsNeverEditable() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        fixture.form.type("1000", into: fixture.fields.total)
        XCTAssertEqual(fixture.totalText.text, "28.9")
        XCTAssertFalse(fixture.form.isDirty)
        XCTAssertFalse(fixture.form.canUndo)
        XCTAssertTrue(fixture.form.isComputed(fixture.fields.total))
        XCTAssertFalse(fixture.form.isComputed(fixture.fields.number))
    }

    func testAComputedFieldOfScalarFieldsFollowsThem() {
        struct Person { var birthYear = 2000; var age = 0 }
        let form = Form<Person>(prototype: Person())
        let year = TextInput<Int>(numberParsing: .posix)
        let ageText = TextInput<Int>(numberParsing: .posix)
        let yearField = form.bind(year, to: \.birthYear)
        let ageField = form.bind(computed: ageText, to: \.age) { 2026 - $0.birthYear }
        form.addRow([FormElement(yearField), FormElement(ageField)])
        XCTAssertEqual(ageText.text, "26", "shown from the prototype before any load")
        form.type("1990", into: yearField)
        XCTAssertEqual(ageText.text, "36")
        form.load(Person(birthYear: 1970, age: 3))
        XCTAssertEqual(ageText.text, "56")
    }

    /// An input that reports every change of its text as an editable entry does (GTK's
    /// "changed" is emitted for text set by the program too), at most 10 deep.
    private final class ReportingInput: FormInput {
        typealias Output = Int
        var onChange: (() -> Void)?
        private(set) var deepest = 0
        private var depth = 0
        var text: String? {
            didSet {
                depth += 1
                deepest = max(deepest, depth)
                if depth <= 10 { onChange?() }
                depth -= 1
            }
        }
        var numberParsing: NumberParsing { .posix }
    }

    func testAComputedFieldShownInAnInputThatReportsItsOwnChangesDoesNotRecurse() {
        struct Person { var birthYear = 2000; var age = 0 }
        let form = Form<Person>(prototype: Person())
        let year = ReportingInput()
        let age = ReportingInput()
        let yearField = form.bind(year, to: \.birthYear)
        let ageField = form.bind(computed: age, to: \.age) { 2026 - $0.birthYear }
        year.onChange = { form.edited(yearField) }
        age.onChange = { form.edited(ageField) }
        form.addRow([FormElement(yearField), FormElement(ageField)])
        year.text = "1990"
        XCTAssertEqual(age.text, "36")
        age.text = "5"
        XCTAssertEqual(age.text, "36", "typed into, the computed field puts its value back")
        XCTAssertLessThanOrEqual(age.deepest, 2, "showing the value must not call edited back into showing it again")
    }

    func testANewRecordShowsTheTotalOfNoLines() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        fixture.form.startNewRecord()
        XCTAssertEqual(fixture.lines.count, 0)
        XCTAssertEqual(fixture.totalText.text, "0")
    }

    // MARK: Rounding

    func testLineAmountsRoundHalfUpToCents() {
        XCTAssertEqual(InvoiceFixture.line("a", "1", "2.345").amount, Decimal(string: "2.35"))
        XCTAssertEqual(InvoiceFixture.line("a", "3", "0.125", tax: "0.2").amount, Decimal(string: "0.45"))
    }

    func testHalfUpRoundsHalvesAwayFromZeroAndBankersToEven() {
        let cases: [(String, String, String)] = [
            ("2.345", "2.35", "2.34"), ("-2.345", "-2.35", "-2.34"), ("2.355", "2.36", "2.36"),
            ("2.3449", "2.34", "2.34"), ("0.005", "0.01", "0"), ("7", "7", "7"),
        ]
        for (value, halfUp, bankers) in cases {
            let decimal = Decimal(string: value)!
            XCTAssertEqual(decimal.rounded(places: 2), Decimal(string: halfUp), value)
            XCTAssertEqual(decimal.rounded(places: 2, .bankers), Decimal(string: bankers), value)
        }
        XCTAssertEqual(Decimal(string: "1234.5")!.rounded(places: 0), 1235)
    }

    func testARunningTotalEqualsTheSumOfItsRowsAfterRandomEdits() {
        var generator = SplitMix64(seed: 11)
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        for _ in 0..<300 {
            let rows = fixture.lines.rows
            switch generator.next() % 5 {
            case 0: fixture.addLine("n", quantity: "\(generator.next() % 9)", price: "\(generator.next() % 1000)")
            case 1 where !rows.isEmpty: fixture.lines.remove(rows[Int(generator.next() % UInt64(rows.count))])
            case 2 where !rows.isEmpty:
                let cents = generator.next() % 100_000
                fixture.type("\(cents / 100).\(cents % 100)", into: .unitPrice, of: rows[Int(generator.next() % UInt64(rows.count))])
            case 3 where !rows.isEmpty: fixture.type("0.\(generator.next() % 30)", into: .taxRate, of: rows[0])
            default: _ = fixture.form.undo()
            }
            let items = fixture.lines.rows.map { fixture.lines.form(for: $0).modelAsTyped! }
            XCTAssertEqual(fixture.net.value, items.reduce(0) { $0 + $1.amount })
        }
    }
}
