import Foundation
import Forms
import PinformCore
@testable import PinformModels
import Storage
import XCTest
import TestFolders

/// Records saved before lines, references and birth dates, in the tables that version wrote
/// (its columns, layout 1), read by today's models: nothing is lost, and the old values map.
final class StoredRecordMigrationTests: TemporaryFolderTestCase {
    /// An invoice as layout 1 stored it: one amount, the customer as text.
    private struct InvoiceV1: Codable {
        var number: String
        var customer: String
        var issueDate: CalendarDate
        var dueDate: CalendarDate
        var amount: Decimal
        var currency: Invoice.Currency
        var isPaid: Bool
        var notes: String?
    }

    /// A person as layout 1 stored one: a typed age.
    private struct PersonV1: Codable {
        var firstName: String
        var lastName: String
        var age: UInt
        var email: Email
        var height: Double
    }

    private func database() throws -> Database {
        try Database(at: folder.appendingPathComponent("records.sqlite"))
    }

    private static let day = CalendarDate(year: 2026, month: 11, day: 1)

    private func writeLayout1() throws {
        let database = try database()
        let invoices = try RecordStore<InvoiceV1>(database: database, table: "invoice", columns: [
            .text("number", \.number), .text("customer", \.customer),
            Column("issue_date", type: .text) { .text($0.issueDate.description) },
            Column("due_date", type: .text) { .text($0.dueDate.description) },
            Column("amount", type: .real) { .real(NSDecimalNumber(decimal: $0.amount).doubleValue) },
            Column("currency", type: .text) { .text($0.currency.rawValue) },
            .integer("paid", \.isPaid), .text("notes", \.notes),
        ])
        try invoices.insert(contentsOf: [
            InvoiceV1(number: "2026-017", customer: "ACME Ltd", issueDate: Self.day, dueDate: Self.day,
                      amount: Decimal(string: "1234.50")!, currency: .eur, isPaid: false, notes: "Net 30"),
            InvoiceV1(number: "2026-018", customer: "Globex", issueDate: Self.day, dueDate: Self.day,
                      amount: Decimal(string: "99.99")!, currency: .chf, isPaid: true, notes: nil),
        ])
        let people = try RecordStore<PersonV1>(database: database, table: "person", columns: [
            .text("first_name", \.firstName), .text("last_name", \.lastName), .integer("age", \.age),
            .text("email", \.email.address), .real("height", \.height),
        ])
        try people.insert(PersonV1(firstName: "Ada", lastName: "Lovelace", age: 36, email: Email("ada@example.com")!, height: 1.65))
        database.close()
    }

    func testOldInvoicesKeepTheirAmountAsOneLineAndTheirCustomerText() throws {
        try writeLayout1()
        let file = folder.appendingPathComponent("records.sqlite")
        try MainActor.assumeIsolated {
            let database = try Database(at: file)
            defer { database.close() }
            let store = try RecordStore<Invoice>(database: database, table: Invoice.table, columns: Invoice.storeColumns,
                                            version: Invoice.layoutVersion)
            let invoices = try store.list(sortedBy: "number").map(\.model)
            XCTAssertEqual(invoices.count, 2)
            XCTAssertEqual(invoices.map(\.total), [Decimal(string: "1234.50")!, Decimal(string: "99.99")!])
            XCTAssertEqual(invoices[0].lines.count, 1)
            XCTAssertEqual(invoices[0].lines[0].quantity, 1)
            XCTAssertEqual(invoices[0].lines[0].taxRate, 0)
            XCTAssertEqual(invoices.map(\.customerName), ["ACME Ltd", "Globex"])
            XCTAssertEqual(invoices.map(\.customer), [nil, nil])
            XCTAssertEqual(invoices.map(\.notes), ["Net 30", nil])
            XCTAssertEqual(invoices.map(\.isPaid), [false, true])
            // The new column was computed for every old row: sorting by total works at once.
            XCTAssertEqual(try store.list(sortedBy: "total").map(\.model.number), ["2026-018", "2026-017"])
            // The old text still finds them.
            XCTAssertEqual(try store.list(search: "acme").map(\.model.number), ["2026-017"])
        }
    }

    func testAnOldInvoiceSavedAgainReadsItsLinesNotItsOldAmount() throws {
        try writeLayout1()
        let file = folder.appendingPathComponent("records.sqlite")
        try MainActor.assumeIsolated {
            let database = try Database(at: file)
            defer { database.close() }
            let store = try RecordStore<Invoice>(database: database, table: Invoice.table, columns: Invoice.storeColumns,
                                            version: Invoice.layoutVersion)
            var first = try XCTUnwrap(store.list(sortedBy: "number").first)
            first.model.lines.append(Invoice.Line(description: "Shipping", quantity: 1, unitPrice: 10, taxRate: 0))
            first.model.customer = RecordRef(id: 1)
            try store.update(first.model, id: first.id)
            let read = try XCTUnwrap(store.record(id: first.id)).model
            XCTAssertEqual(read.total, Decimal(string: "1244.50"))
            XCTAssertEqual(read.customer, RecordRef(id: 1))
            XCTAssertEqual(read, first.model)
        }
    }

    func testAnOldPersonKeepsTheAgeTypedAndGetsNoGuessedBirthDate() throws {
        try writeLayout1()
        let file = folder.appendingPathComponent("records.sqlite")
        try MainActor.assumeIsolated {
            let database = try Database(at: file)
            defer { database.close() }
            let store = try RecordStore<Person>(database: database, table: Person.table, columns: Person.storeColumns,
                                           version: Person.layoutVersion)
            let ada = try XCTUnwrap(store.list().first).model
            XCTAssertEqual(ada.firstName, "Ada")
            XCTAssertNil(ada.birthDate)
            XCTAssertEqual(ada.statedAge, 36)
            XCTAssertEqual(ada.age(on: CalendarDate(year: 2030, month: 1, day: 1)), 36)
            XCTAssertNil(ada.phone)
            // Given a birth date and saved again, the birth date counts (the old "age" stays in
            // the JSON, unread).
            var born = ada
            born.birthDate = CalendarDate(year: 1990, month: 1, day: 1)
            let id = try XCTUnwrap(store.list().first).id
            try store.update(born, id: id)
            let read = try XCTUnwrap(store.record(id: id)).model
            XCTAssertEqual(read.birthDate, CalendarDate(year: 1990, month: 1, day: 1))
            XCTAssertNil(read.statedAge)
            XCTAssertEqual(read.age(on: CalendarDate(year: 2030, month: 1, day: 1)), 40)
        }
    }
}
