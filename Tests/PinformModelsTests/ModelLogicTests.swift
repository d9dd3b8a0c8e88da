import Foundation
import Forms
import PinformCore
@testable import PinformModels
import XCTest

/// The models' own arithmetic, headless: an invoice's lines and total in Decimal with the
/// rounding stated, a person's age from a birth date.
final class ModelLogicTests: XCTestCase {
    private func line(_ quantity: String, _ price: String, tax: String = "0") -> Invoice.Line {
        Invoice.Line(description: "x", quantity: Decimal(string: quantity)!, unitPrice: Decimal(string: price)!,
                     taxRate: Decimal(string: tax)!)
    }

    func testALineIsQuantityTimesPriceWithTaxRoundedHalfUpToCents() {
        XCTAssertEqual(line("2", "3.50", tax: "20").amount, Decimal(string: "8.40"))
        // 3 × 0.335 = 1.005: half up to 1.01 (binary floating point would give 1.00).
        XCTAssertEqual(line("3", "0.335").amount, Decimal(string: "1.01"))
        // 1 × 0.125 × 1.19 = 0.14875 → 0.15.
        XCTAssertEqual(line("1", "0.125", tax: "19").amount, Decimal(string: "0.15"))
        XCTAssertEqual(line("0", "99").amount, 0)
    }

    func testTheTotalIsTheSumOfTheRoundedLines() {
        var invoice = Invoice.blankForTests
        invoice.lines = [line("2", "3.50", tax: "20"), line("1", "12.00"), line("10", "0.85")]
        XCTAssertEqual(invoice.total, Decimal(string: "28.90"))
        // Each line rounds on its own: 3 × 0.005 is 0.01 + 0.01 + 0.01, not 0.015 rounded once.
        invoice.lines = [line("1", "0.005"), line("1", "0.005"), line("1", "0.005")]
        XCTAssertEqual(invoice.total, Decimal(string: "0.03"))
        invoice.lines = []
        XCTAssertEqual(invoice.total, 0)
    }

    func testTheTotalOfAThousandCentLinesIsExact() {
        var invoice = Invoice.blankForTests
        invoice.lines = Array(repeating: line("1", "0.1"), count: 1000)
        XCTAssertEqual(invoice.total, 100)
    }

    private func person(born: CalendarDate?, stated: UInt? = nil) -> Person {
        Person(firstName: "A", lastName: "B", birthDate: born, statedAge: stated, email: Email("a@example.com")!, height: 1.7)
    }

    func testTheAgeCountsWholeYearsUpToTheBirthday() {
        let ada = person(born: CalendarDate(year: 1990, month: 12, day: 10))
        XCTAssertEqual(ada.age(on: CalendarDate(year: 2026, month: 12, day: 9)), 35)
        XCTAssertEqual(ada.age(on: CalendarDate(year: 2026, month: 12, day: 10)), 36)
        XCTAssertEqual(ada.age(on: CalendarDate(year: 2027, month: 1, day: 1)), 36)
        XCTAssertEqual(ada.age(on: CalendarDate(year: 1990, month: 12, day: 10)), 0)
        XCTAssertNil(ada.age(on: CalendarDate(year: 1990, month: 12, day: 9)), "born after the day")
    }

    func testALeapDayBirthdayCountsOnTheFirstOfMarch() {
        let leap = person(born: CalendarDate(year: 2000, month: 2, day: 29))
        XCTAssertEqual(leap.age(on: CalendarDate(year: 2025, month: 2, day: 28)), 24)
        XCTAssertEqual(leap.age(on: CalendarDate(year: 2025, month: 3, day: 1)), 25)
        XCTAssertEqual(leap.age(on: CalendarDate(year: 2028, month: 2, day: 29)), 28)
    }

    func testABirthDateTakesOverFromAnAgeTypedBefore() throws {
        XCTAssertEqual(person(born: nil, stated: 41).age(on: CalendarDate(year: 2026, month: 1, day: 1)), 41)
        XCTAssertNil(person(born: nil).age(on: CalendarDate(year: 2026, month: 1, day: 1)))
        let both = person(born: CalendarDate(year: 2000, month: 1, day: 1), stated: 41)
        XCTAssertEqual(both.age(on: CalendarDate(year: 2026, month: 1, day: 1)), 26)
        // Saved again, the age typed before goes: the birth date is what counts.
        let saved = try JSONDecoder().decode(Person.self, from: JSONEncoder().encode(both))
        XCTAssertNil(saved.statedAge)
    }
}

extension Invoice {
    static var blankForTests: Invoice {
        Invoice(number: "1", customer: nil, customerName: "", issueDate: CalendarDate(year: 2026, month: 1, day: 1),
                dueDate: CalendarDate(year: 2026, month: 1, day: 1), lines: [], currency: .eur, isPaid: false, notes: nil)
    }
}
