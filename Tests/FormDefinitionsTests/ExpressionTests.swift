import FormDefinitions
import Forms
import Foundation
import XCTest

final class ExpressionTests: XCTestCase {
    private let fields: [FieldDefinition] = [
        FieldDefinition(id: "qty", label: "Quantity", kind: .wholeNumber),
        FieldDefinition(id: "price", label: "Unit price", kind: .money(currency: "EUR")),
        FieldDefinition(id: "birth", label: "Birth date", kind: .date),
        FieldDefinition(id: "name", label: "Name", kind: .text(.plain)),
        FieldDefinition(id: "paid", label: "Paid", kind: .yesNo),
        FieldDefinition(id: "lines", label: "Lines", kind: .lines(columns: [
            FieldDefinition(id: "q", label: "Quantity", kind: .decimal(places: 2)),
            FieldDefinition(id: "p", label: "Price", kind: .money(currency: "EUR")),
        ])),
    ]
    private let today = CalendarDate(year: 2026, month: 12, day: 1)

    private var record: DefinedRecord {
        var record = DefinedRecord()
        record[integer: "qty"] = 3
        record[decimal: "price"] = Decimal(string: "19.99")
        record[date: "birth"] = CalendarDate(year: 1990, month: 12, day: 2)
        record[text: "name"] = "Ann"
        record[yesNo: "paid"] = false
        record[lines: "lines"] = [
            DefinedRecord(values: ["q": .decimal(2), "p": .decimal(Decimal(string: "1.25")!)]),
            DefinedRecord(values: ["q": .decimal(Decimal(string: "0.5")!), "p": .decimal(10)]),
            DefinedRecord(values: ["p": .decimal(99)]),
        ]
        return record
    }

    private func evaluate(_ source: String, _ record: DefinedRecord? = nil) -> Result<FieldValue, ExpressionError> {
        do {
            let expression = try Expression(source, scope: ExpressionScope(fields: fields))
            return expression.evaluate(in: ExpressionContext(record: record ?? self.record, today: today, parsing: .posix))
        } catch {
            return .failure(error)
        }
    }

    private func value(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> FieldValue? {
        switch evaluate(source) {
        case .success(let value): return value
        case .failure(let error):
            XCTFail("\(source): \(error.message)", file: file, line: line)
            return nil
        }
    }

    private func message(_ source: String) -> String? {
        if case .failure(let error) = evaluate(source) { return error.message }
        return nil
    }

    func testArithmeticIsExactDecimal() {
        XCTAssertEqual(value("Quantity * [Unit price]"), .decimal(Decimal(string: "59.97")!))
        XCTAssertEqual(value("0.1 + 0.2"), .decimal(Decimal(string: "0.3")!))
        XCTAssertEqual(value("(1 + 2) * 3 - -1"), .decimal(10))
        XCTAssertEqual(value("round(10 / 3, 2)"), .decimal(Decimal(string: "3.33")!))
        XCTAssertEqual(value("min(3, 1, 2) + max(3, 1, 2)"), .decimal(4))
    }

    func testDatesGiveDaysAndAges() {
        XCTAssertEqual(value("years([Birth date], today())"), .decimal(35))
        XCTAssertEqual(value("today() - [Birth date]"), .decimal(Decimal(13_148)))
        XCTAssertEqual(value("[Birth date] + 30"), .date(CalendarDate(year: 1991, month: 1, day: 1)))
        XCTAssertEqual(value("today() - 365"), .date(CalendarDate(year: 2025, month: 12, day: 1)))
    }

    func testComparisonsIfAndText() {
        XCTAssertEqual(value("if(Paid, 0, Quantity)"), .decimal(3))
        XCTAssertEqual(value("Quantity >= 3"), .yesNo(true))
        XCTAssertEqual(value("Name = \"Ann\""), .yesNo(true))
        XCTAssertEqual(value("\"Dr. \" & Name & \", \" & Quantity"), .text("Dr. Ann, 3"))
    }

    func testSumAndCountOverLineItems() {
        XCTAssertEqual(value("sum(Lines.Quantity * Lines.Price)"), .decimal(Decimal(string: "7.5")!))
        XCTAssertEqual(value("count(Lines)"), .decimal(3))
        XCTAssertEqual(value("sum(Lines.Quantity)"), .decimal(Decimal(string: "2.5")!))
    }

    func testAnEmptyFieldMakesTheResultEmpty() {
        var empty = record
        empty[integer: "qty"] = nil
        XCTAssertEqual(try evaluate("Quantity * 2", empty).get(), FieldValue.none)
    }

    func testDivisionByZeroIsAnErrorValue() {
        XCTAssertEqual(message("Quantity / (Quantity - 3)"), "Division by zero")
        // Only the branch taken is computed.
        XCTAssertEqual(value("if(Quantity = 3, 0, 1 / (Quantity - 3))"), .decimal(0))
    }

    func testHugeNumbersAreRefusedNotRounded() {
        let big = String(repeating: "9", count: 38)
        XCTAssertEqual(message("\(big) * \(big)"), "The result has too many digits to be exact")
        XCTAssertEqual(message("\(big) + 0.5"), "The result has too many digits to be exact")
        XCTAssertEqual(message(String(repeating: "9", count: 39)), "Number too large")
        // Repeated squaring overflows the exponent: refused, never NaN.
        let square = "(10000000000000000000 * 10000000000000000000)"
        XCTAssertNotNil(message("\(square) * \(square) * \(square) * \(square) * \(square) * \(square) * \(square)"))
        XCTAssertEqual(value("\(big) - \(big)"), .decimal(0))
        XCTAssertEqual(value("\(big) - 1"), .decimal(Decimal(string: String(repeating: "9", count: 37) + "8")!))
        XCTAssertEqual(message("0.\(big) + 1"), "The result has too many digits to be exact")
    }

    func testAOneMegabyteExpressionIsRefusedQuickly() {
        let huge = String(repeating: "1+", count: 500_000) + "1"
        let start = Date()
        XCTAssertEqual(message(huge), "An expression can have at most 4096 characters")
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.5)
    }

    func testDeepNestingIsRefusedWithoutOverflowingTheStack() {
        let deepest = String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
        XCTAssertEqual(message(deepest), "An expression can have at most 4096 characters")
        let deep = String(repeating: "(", count: 1_000) + "1" + String(repeating: ")", count: 1_000)
        XCTAssertEqual(message(deep), "Parentheses can be nested at most 64 deep")
        XCTAssertEqual(message(String(repeating: "round(", count: 100) + "1" + String(repeating: ", 2)", count: 100)),
                       "Parentheses can be nested at most 64 deep")
        XCTAssertEqual(message(String(repeating: "-", count: 4_000) + "1"), "The expression is nested too deeply")
        XCTAssertEqual(message(Array(repeating: "1", count: 1_000).joined(separator: "+")), "The expression is nested too deeply")
        XCTAssertEqual(value(String(repeating: "(", count: 64) + "1" + String(repeating: ")", count: 64)), .decimal(1))
    }

    func testSyntaxAndNameErrorsSayWhatIsWrong() {
        XCTAssertEqual(message("Quantity +"), "The expression ends too early")
        XCTAssertEqual(message("Quantity $ 2"), "Unexpected “$” in the expression")
        XCTAssertEqual(message("Weight * 2"), "No field is named “Weight”")
        XCTAssertEqual(message("[Birth date"), "A name in brackets is not closed")
        XCTAssertEqual(message("\"open"), "A text in quotes is not closed")
        XCTAssertEqual(message("frobnicate(1)"), "Unknown function “frobnicate”")
        XCTAssertEqual(message(""), "The expression is empty")
        XCTAssertEqual(message("round(1)"), "round() takes 2 values")
    }

    func testTypeErrorsAreFoundBeforeComputing() {
        XCTAssertEqual(message("Name - [Birth date]"), "“-” cannot combine text and a date")
        XCTAssertEqual(message("if(Quantity, 1, 2)"), "if() expects yes or no, not a number")
        XCTAssertEqual(message("if(Paid, 1, Name)"), "Both results of if() must be of the same kind")
        XCTAssertEqual(message("Lines.Price"), "A column such as “Lines.Price” can be used only inside sum()")
        XCTAssertEqual(message("sum(Quantity)"), "sum() adds up a column of line items, like sum(Lines.Amount)")
        XCTAssertEqual(message("Lines * 2"), "“Lines” is line items: use count(Lines) or sum(Lines.column)")
        XCTAssertEqual(message("sum(Lines.Weight)"), "“Lines” has no column “Weight”")
    }

    func testDatesOutOfRangeAndFractionalDaysAreRefused() {
        XCTAssertEqual(message("today() + 10000000"), "The result is not a date from the year 1 to 9999")
        XCTAssertEqual(message("today() + 0.5"), "Add a whole number of days to a date")
    }

    func testReferencedNamesAreFoundWithoutChecking() throws {
        XCTAssertEqual(Set(try Expression.referencedNames(in: "a + [b c] * sum(L.x)")), ["a", "b c", "L"])
    }

    func testAScopeOfAFormNamesItsComputedFieldsWithTheirTypes() throws {
        let fields = [
            FieldDefinition(id: "a", label: "A", kind: .wholeNumber),
            FieldDefinition(id: "b", label: "B", kind: .computed(expression: "A * 2")),
            FieldDefinition(id: "c", label: "C", kind: .computed(expression: "B > 3")),
        ]
        XCTAssertEqual(try Expression("if(C, B, 0)", scope: ExpressionScope(fields: fields)).type, .number)
        XCTAssertThrowsError(try Expression("B", scope: ExpressionScope(fields: fields, computedTypes: [:])))
    }
}
