import Controls
import Forms
import Foundation
@_spi(Testing) import Gtk
import PinformCore
@testable import Pinform
@testable import PinformModels
import Storage
import XCTest
import TestFolders

/// Importing the columns that are not a plain value: an invoice's customer, named in the file
/// and read into the person's record, and the export's computed columns (a person's age),
/// recognised and left out, also when the headers are in another language.
final class ImportColumnsTests: TemporaryFolderTestCase {
    private static let people = [
        Person(firstName: "Ada", lastName: "Lovelace", birthDate: CalendarDate(year: 1815, month: 12, day: 10), email: Email("ada@example.com")!, height: 1.65),
        Person(firstName: "Alan", lastName: "Turing", birthDate: CalendarDate(year: 1912, month: 6, day: 23), email: Email("alan@example.com")!, height: 1.78),
        Person(firstName: "Adam", lastName: "Smith", birthDate: CalendarDate(year: 1723, month: 6, day: 16), email: Email("adam@example.com")!, height: 1.7),
    ]

    func testTheExportsAgeIsRecognisedAndLeftOutAlsoUnderHeadersOfAnotherLanguage() throws {
        let paths = self.paths, folder = self.folder!
        try GtkRuntime.test {
            let panel = RecordsPanel<Person>(records: RecordsDatabase(paths: paths), window: Window(), toast: Toast())
            for person in Self.people { panel.insert(person) }
            let file = folder.appendingPathComponent("people.csv")
            panel.export(to: file)
            let context = ModelContext(records: nil)
            XCTAssertEqual(Person.exportLayout(context), [0, 1, 2, nil, 3, 4, 5])
            XCTAssertEqual(Person.computedColumnNames(context), [["Age", "Age"]])

            var table = try CSVReader().table(contentsOf: file)
            let english = ImportMapping.guess(headers: table.header, fieldNames: Person.importFieldNames,
                                              exportLayout: Person.exportLayout(context),
                                              computedNames: Person.computedColumnNames(context))
            XCTAssertEqual(english.fields, [0, 1, 2, nil, 3, 4, 5])
            XCTAssertEqual(english.computedColumns, [3])
            XCTAssertFalse(english.isByPosition)

            // The same export with French headers, none of them known: taken in the export's
            // order, the age in its place left out — not read as the phone.
            table.header = ["Prénom", "Nom", "Naissance", "Âge", "Téléphone", "Courriel", "Taille"]
            let french = ImportMapping.guess(headers: table.header, fieldNames: Person.importFieldNames,
                                             exportLayout: Person.exportLayout(context),
                                             computedNames: Person.computedColumnNames(context))
            XCTAssertEqual(french.fields, [0, 1, 2, nil, 3, 4, 5])
            XCTAssertEqual(french.computedColumns, [3])
            XCTAssertTrue(french.isByPosition)
            let reader = Person.makeRowReader(context)
            let preview = ImportPreview<Person>(table: table, mapping: french, existingKeys: []) { reader.resolve($0) }
            XCTAssertEqual(preview.createdRecords.sorted { $0.email.address < $1.email.address },
                           Self.people.sorted { $0.email.address < $1.email.address })

            // Without the layout (as before), seven columns for six fields were not taken by position.
            let unaware = ImportMapping.guess(headers: table.header, fieldNames: Person.importFieldNames)
            XCTAssertEqual(unaware.fields, [nil, nil, nil, nil, nil, nil, nil])
        }
    }

    func testTheImportDialogSaysTheAgeIsComputed() throws {
        try GtkRuntime.test {
            let csv = "First name,Last name,Birth date,Age,Phone,Email,Height\nAda,Lovelace,1815-12-10,210,,ada@example.com,1.65\n"
            let table = try CSVReader().table(from: Array(csv.utf8))
            let dialog = ImportDialog<Person>(table: table, fileName: "people.csv", existingKeys: [], parent: nil,
                                              context: ModelContext(records: nil)) { _ in }
            XCTAssertTrue(MainContext.spin(until: { dialog.preview.isComplete }))
            XCTAssertEqual(dialog.columnChoices.map(\.selectedIndex), [1, 2, 3, 0, 4, 5, 6])
            XCTAssertEqual(dialog.preview.createdCount, 1)
            XCTAssertEqual(dialog.preview.createdRecords.first?.birthDate, CalendarDate(year: 1815, month: 12, day: 10))
        }
    }

    func testAnInvoicesCustomerIsReadByNameEmailOrTheExportsSummaryAndSaysWhenItMatchesNoneOrSeveral() throws {
        let paths = self.paths, folder = self.folder!
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths)
            let people = try records.store(Person.self)
            let ids = try Self.people.map { try people.insert($0) }
            let invoices = RecordsPanel<Invoice>(records: records, window: Window(), toast: Toast())
            var invoice = Invoice.blank
            invoice.number = "2026-001"
            invoice.customer = RecordRef(id: ids[0].rawValue)
            invoice.customerName = Self.people[0].summary
            invoice.lines = [Invoice.Line(description: "Paper", quantity: 2, unitPrice: 3.5, taxRate: 20)]
            invoices.insert(invoice)
            let file = folder.appendingPathComponent("invoices.csv")
            invoices.export(to: file)
            let exported = try CSVReader().table(contentsOf: file)
            XCTAssertEqual(exported.rows[0].fields[1], Self.people[0].summary, "the export names the customer by summary")

            var table = exported
            let template = exported.rows[0]
            let customers = [Self.people[0].summary, "Alan Turing", "ADAM@example.com", "Lovelace", "Zed Nobody", "Ada"]
            table.rows = customers.enumerated().map { index, customer in
                var row = template
                row.fields[0] = "2026-10\(index)"
                row.fields[1] = customer
                row.line = index + 2
                return row
            }
            let context = ModelContext(records: records)
            let mapping = ImportMapping.guess(headers: table.header, fieldNames: Invoice.importFieldNames,
                                              exportLayout: Invoice.exportLayout(context),
                                              computedNames: Invoice.computedColumnNames(context))
            XCTAssertEqual(mapping.fields, [0, 1, 2, 3, 4, 5, 6, 7, 8])
            let reader = Invoice.makeRowReader(context)
            XCTAssertTrue(reader.imports(field: 1), "the customer column is read")
            let preview = ImportPreview<Invoice>(table: table, mapping: mapping, existingKeys: []) { reader.resolve($0) }
            let chosen = preview.rows.map { $0.created?.customer?.id }
            XCTAssertEqual(chosen, [ids[0].rawValue, ids[1].rawValue, ids[2].rawValue, ids[0].rawValue, nil, nil])
            XCTAssertEqual(preview.rows[1].created?.customerName, Self.people[1].summary, "kept as the person reads now")
            XCTAssertEqual(ImportPreview<Invoice>.outcomeText(preview.rows[4]), "Customer: No record matches “Zed Nobody”")
            XCTAssertEqual(ImportPreview<Invoice>.outcomeText(preview.rows[5]),
                           "Customer: 2 records match “Ada”: give the whole name or the email address")
        }
    }
}
