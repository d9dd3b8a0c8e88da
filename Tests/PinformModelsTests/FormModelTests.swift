import Foundation
import XCTest
import Forms
@testable import PinformModels
import PinformCore

final class FormModelTests: XCTestCase {
    private static let person = Person(firstName: "John", lastName: "Smith", statedAge: 26,
                                email: Email("john@example.com")!, height: 1.8)

    func testPersonSummaryReadsAsOneLine() {
        let person = Self.person
        MainActor.assumeIsolated {
            let expected = "John Smith, 26, john@example.com, \(LocaleText.twoDecimals(1.8)) m"
            XCTAssertEqual(person.summary, expected)
        }
    }

    func testHeightsShowTwoDecimals() {
        MainActor.assumeIsolated {
            XCTAssertEqual(LocaleText.twoDecimals(1.8).count, 4)
            XCTAssertTrue(LocaleText.twoDecimals(1.8).hasPrefix("1"))
            XCTAssertTrue(LocaleText.twoDecimals(1.8).hasSuffix("80"))
        }
    }

    func testPersonRoundTripsThroughJSON() throws {
        let data = try JSONEncoder().encode(Self.person)
        XCTAssertEqual(try JSONDecoder().decode(Person.self, from: data), Self.person)
    }

    func testSizeRoundTripsThroughJSON() throws {
        let size = Size(width: 2.5, height: 1.25)
        let data = try JSONEncoder().encode(size)
        XCTAssertEqual(try JSONDecoder().decode(Size.self, from: data), size)
    }

    func testModelsHaveDistinctSettingsKeys() {
        MainActor.assumeIsolated {
            XCTAssertEqual(ModelRegistry.models.map { $0.settingsKey }, ["person", "size", "invoice"])
        }
    }

    func testListColumnsSortByTheirStoredColumns() {
        MainActor.assumeIsolated {
            XCTAssertEqual(Invoice.listColumns.map(\.sortKey), Invoice.storeColumns.map { Optional($0.name) })
            XCTAssertEqual(Invoice.listColumns.map(\.title),
                           ["Number", "Customer", "Issue date", "Due date", "Total", "Lines", "Currency", "Paid", "Notes"])
            XCTAssertEqual(Person.listColumns.map(\.sortKey), Person.storeColumns.map { Optional($0.name) })
        }
    }

    func testInvoiceRoundTripsThroughJSON() throws {
        let invoice = Invoice(number: "2026-017", customer: RecordRef(id: 7), customerName: "ACME",
                              issueDate: CalendarDate(year: 2026, month: 11, day: 1),
                              dueDate: CalendarDate(year: 2026, month: 11, day: 30),
                              lines: [Invoice.Line(description: "Work", quantity: 1, unitPrice: Decimal(string: "1234.50")!, taxRate: 19)],
                              currency: .chf, isPaid: false, notes: "Net 30")
        let data = try JSONEncoder().encode(invoice)
        XCTAssertEqual(try JSONDecoder().decode(Invoice.self, from: data), invoice)
    }
}
