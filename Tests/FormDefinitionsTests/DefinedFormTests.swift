import FormDefinitions
import Forms
import Foundation
import XCTest

final class DefinedFormTests: XCTestCase {
    private static let today = CalendarDate(year: 2026, month: 12, day: 1)

    /// XCTest runs tests on the main thread; forms are built on the main actor.
    private func onMain(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated { try body() }
    }

    @MainActor
    private static func build(_ definition: FormDefinition) -> (DefinedForm, HeadlessInputs) {
        let inputs = HeadlessInputs(numberParsing: .posix)
        return (DefinedForm(definition, inputs: inputs, today: { today }), inputs)
    }

    func testAPatientIntakeResolvesToTypedValues() throws {
        try onMain {
            let definition = FormDefinition(id: "form-p", name: "Patient", fields: [
                FieldDefinition(id: "name", label: "Name", kind: .text(.plain), rules: FieldRules(required: true)),
                FieldDefinition(id: "birth", label: "Birth date", kind: .date),
                FieldDefinition(id: "age", label: "Age", kind: .computed(expression: "years([Birth date], today())")),
                FieldDefinition(id: "consent", label: "Consent", kind: .yesNo, rules: FieldRules(required: true)),
                FieldDefinition(id: "visits", label: "Visits", kind: .wholeNumber, rules: FieldRules(minimum: 0, maximum: 99)),
            ], layout: [LayoutRow([.init("name", width: 2), .init("birth")])])
            let (defined, inputs) = Self.build(definition)
            XCTAssertEqual(defined.form.layout.rows.count, 4)
            XCTAssertEqual(defined.form.layout.rows[0].shares, [2.0 / 3.0, 1.0 / 3.0])
            inputs.input("birth", as: CalendarDate.self)?.text = "1990-12-02"
            inputs.input("visits", as: Int64.self)?.text = "150"
            guard case .failure(let errors) = defined.resolve(definition.blankRecord) else { return XCTFail("must not resolve") }
            XCTAssertEqual(errors[defined.fields["name"]!].map(\.message), ["Required"])
            XCTAssertEqual(errors[defined.fields["consent"]!].map(\.message), ["Required"])
            XCTAssertEqual(errors[defined.fields["visits"]!].map(\.message), ["Enter a value from 0 to 99"])

            inputs.input("name", as: String.self)?.text = "Ann"
            inputs.input("consent", as: Bool.self)?.text = "true"
            inputs.input("visits", as: Int64.self)?.text = "3"
            let record = try defined.resolve(definition.blankRecord).get()
            XCTAssertEqual(record[text: "name"], "Ann")
            XCTAssertEqual(record[date: "birth"], CalendarDate(year: 1990, month: 12, day: 2))
            XCTAssertEqual(record[integer: "visits"], 3)
            XCTAssertEqual(record[yesNo: "consent"], true)
            XCTAssertEqual(record[value: "age"], .decimal(35))
        }
    }

    func testLoadingARecordFillsTheInputsInTheLocale() {
        onMain {
            let definition = FormDefinition(name: "Fee", fields: [FieldDefinition(id: "fee", label: "Fee", kind: .money(currency: "EUR"))])
            let inputs = HeadlessInputs(numberParsing: NumberParsing(locale: Locale(identifier: "de_DE")))
            let defined = DefinedForm(definition, inputs: inputs, today: { CalendarDate(year: 2026, month: 1, day: 1) })
            defined.form.load(DefinedRecord(values: ["fee": .decimal(Decimal(string: "12.5")!)]))
            XCTAssertEqual(inputs.input("fee", as: Decimal.self)?.text, "12,5")
        }
    }

    func testMoneyRefusesMoreThanTwoPlacesAndTextGetsItsRules() {
        onMain {
            let definition = FormDefinition(name: "T", fields: [
                FieldDefinition(id: "fee", label: "Fee", kind: .money(currency: "EUR")),
                FieldDefinition(id: "mail", label: "Mail", kind: .text(.email)),
                FieldDefinition(id: "code", label: "Code", kind: .text(.plain), rules: FieldRules(pattern: "[0-9]{5}", patternMessage: "Enter 5 digits")),
                FieldDefinition(id: "level", label: "Level", kind: .choice(options: ["Gold", "Silver"])),
            ])
            let (defined, inputs) = Self.build(definition)
            inputs.input("fee", as: Decimal.self)?.text = "1.005"
            inputs.input("mail", as: String.self)?.text = "nope"
            inputs.input("code", as: String.self)?.text = "12a"
            inputs.input("level", as: String.self)?.text = "Bronze"
            guard case .failure(let errors) = defined.resolve(definition.blankRecord) else { return XCTFail("must not resolve") }
            XCTAssertEqual(errors[defined.fields["fee"]!].map(\.message), ["Enter at most 2 decimal places"])
            XCTAssertEqual(errors[defined.fields["mail"]!].map(\.message), ["Enter an email address like name@example.com"])
            XCTAssertEqual(errors[defined.fields["code"]!].map(\.message), ["Enter 5 digits"])
            XCTAssertEqual(errors[defined.fields["level"]!].map(\.message), ["Choose one of the options"])
        }
    }

    /// Issue 39: a pattern that backtracks without end (`(\d+)+[A-Z]`) held the window 1.4 s a
    /// keystroke. The field now says its value is too hard to check, as other rules say theirs.
    func testACatastrophicPatternGivesTheFieldAnErrorInsteadOfHoldingTheWindow() {
        onMain {
            let definition = FormDefinition(name: "T", fields: [
                FieldDefinition(id: "code", label: "Code", kind: .text(.plain),
                                rules: FieldRules(pattern: "(\\d+)+[A-Z]", patternMessage: "Digits, then a capital letter")),
            ])
            let (defined, inputs) = Self.build(definition)
            inputs.input("code", as: String.self)?.text = String(repeating: "1", count: 40) + "!"
            guard case .failure(let errors) = defined.resolve(definition.blankRecord) else { return XCTFail("must not resolve") }
            XCTAssertEqual(errors[defined.fields["code"]!].map(\.message), [Rule<String>.tooHardToCheckMessage])
            inputs.input("code", as: String.self)?.text = "123A"
            XCTAssertEqual(try? defined.resolve(definition.blankRecord).get()[value: "code"], .text("123A"))
        }
    }

    func testLineItemsResolveAndSumIntoTheTotal() throws {
        try onMain {
            let definition = FormDefinition(name: "Invoice", fields: [
                FieldDefinition(id: "lines", label: "Lines", kind: .lines(columns: [
                    FieldDefinition(id: "d", label: "Description", kind: .text(.plain)),
                    FieldDefinition(id: "q", label: "Quantity", kind: .decimal(places: 2)),
                    FieldDefinition(id: "p", label: "Price", kind: .money(currency: "EUR")),
                ])),
                FieldDefinition(id: "total", label: "Total", kind: .computed(expression: "sum(Lines.Quantity * Lines.Price)")),
            ])
            let (defined, _) = Self.build(definition)
            let list = try XCTUnwrap(defined.list(of: "lines"))
            let row = list.add(DefinedRecord(values: ["d": .text("Tea"), "q": .decimal(2), "p": .decimal(Decimal(string: "3.50")!)]))
            _ = list.add(DefinedRecord(values: ["d": .text("Cake"), "q": .decimal(1), "p": .decimal(4)]))
            XCTAssertNotNil(list.index(of: row))
            let record = try defined.resolve(definition.blankRecord).get()
            XCTAssertEqual(record[lines: "lines"].count, 2)
            XCTAssertEqual(record[value: "total"], .decimal(11))
        }
    }

    func testAComputedFieldThatDoesNotCheckShowsItsProblem() throws {
        try onMain {
            let definition = FormDefinition(name: "T", fields: [FieldDefinition(id: "a", label: "A", kind: .computed(expression: "A + 1"))])
            let (defined, inputs) = Self.build(definition)
            XCTAssertEqual(defined.problems.map(\.message), ["“A” is computed from itself"])
            XCTAssertEqual(inputs.input("a", as: ComputedValue.self)?.text, "“A” is computed from itself")
            XCTAssertEqual(try defined.resolve(definition.blankRecord).get()[value: "a"], FieldValue.none)
        }
    }
}
