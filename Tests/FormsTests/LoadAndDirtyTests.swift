import Foundation
import Forms
import XCTest

final class LoadAndDirtyTests: XCTestCase {
    private enum Currency: String, CaseIterable, FormChoice {
        case eur, usd
        var title: String { self == .eur ? "Euro" : "US dollar" }
    }

    private struct Invoice: Equatable {
        var number = ""
        var issued = CalendarDate(year: 2026, month: 1, day: 1)
        var amount: Decimal = 0
        var height = 0.0
        var count: UInt = 0
        var currency = Currency.eur
        var paid = false
        var notes: String?
    }

    private let german = NumberParsing(locale: Locale(identifier: "de_DE"))

    private func makeForm(parsing: NumberParsing) -> (Form<Invoice>, [any FormInput]) {
        let form = Form<Invoice>()
        let number = TextInput<String>(numberParsing: parsing)
        let issued = TextInput<CalendarDate>(numberParsing: parsing)
        let amount = TextInput<Decimal>(numberParsing: parsing)
        let height = TextInput<Double>(numberParsing: parsing)
        let count = TextInput<UInt>(numberParsing: parsing)
        let currency = TextInput<Currency>(numberParsing: parsing)
        let paid = TextInput<Bool>(numberParsing: parsing)
        let notes = TextInput<String>(numberParsing: parsing)
        form.addRow([
            FormElement(form.bind(number, to: \.number)),
            FormElement(form.bind(issued, to: \.issued)),
            FormElement(form.bind(amount, to: \.amount)),
            FormElement(form.bind(height, to: \.height)),
        ])
        form.addRow([
            FormElement(form.bind(count, to: \.count)),
            FormElement(form.bind(currency, to: \.currency)),
            FormElement(form.bind(paid, to: \.paid)),
            FormElement(form.bind(notes, to: \.notes)),
        ])
        return (form, [number, issued, amount, height, count, currency, paid, notes])
    }

    private let sample = Invoice(
        number: "2026-017", issued: CalendarDate(year: 2026, month: 11, day: 30), amount: Decimal(string: "1234.5")!,
        height: 1.8, count: 3, currency: .usd, paid: true, notes: nil)

    func testResolveAfterLoadGivesBackAnEqualModel() throws {
        let (form, _) = makeForm(parsing: .posix)
        form.load(sample)
        XCTAssertEqual(try form.resolve(Invoice()).get(), sample)
    }

    func testResolveAfterLoadGivesBackAnEqualModelInGerman() throws {
        let (form, _) = makeForm(parsing: german)
        form.load(sample)
        XCTAssertEqual(try form.resolve(Invoice()).get(), sample)
    }

    func testLoadShowsNumbersAndDatesInTheLocaleAndNilAsEmptyText() {
        let (form, inputs) = makeForm(parsing: german)
        form.load(sample)
        XCTAssertEqual(inputs.map(\.anyText), ["2026-017", "30.11.2026", "1234,5", "1,8", "3", "usd", "true", ""])
    }

    func testLoadRunsTheLoadClosureOfAClosureBinding() {
        let form = Form<Invoice>()
        let input = TextInput<String>()
        let field = form.bind(input: input, binding: { model, input in
            model.number = input.text ?? ""
            return (true, nil)
        }, load: { model, input in input.text = "No. " + model.number })
        form.addRow([FormElement(field)])
        form.load(sample)
        XCTAssertEqual(input.text, "No. 2026-017")
    }

    func testAFormIsCleanAfterLoad() {
        let (form, _) = makeForm(parsing: .posix)
        form.load(sample)
        XCTAssertFalse(form.isDirty)
    }

    func testTypingMakesTheFormDirtyAndPuttingTheTextBackMakesItCleanAgain() {
        let (form, inputs) = makeForm(parsing: .posix)
        form.load(sample)
        let number = inputs[0] as! TextInput<String>
        number.text = "2026-018"
        XCTAssertTrue(form.isDirty)
        number.text = "2026-017"
        XCTAssertFalse(form.isDirty)
    }

    func testMarkCleanTakesTheTextAsItIsNow() {
        let (form, inputs) = makeForm(parsing: .posix)
        (inputs[0] as! TextInput<String>).text = "A-1"
        XCTAssertTrue(form.isDirty)
        form.markClean()
        XCTAssertFalse(form.isDirty)
    }

    func testNilTextAndEmptyTextAreTheSameForDirtiness() {
        let (form, inputs) = makeForm(parsing: .posix)
        form.load(sample)
        (inputs[7] as! TextInput<String>).text = nil
        XCTAssertFalse(form.isDirty)
    }
}

extension FormInput {
    var anyText: String? { text }
}
