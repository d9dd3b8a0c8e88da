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

/// An invoice's lines travel in the export's Lines cell and come back through the import:
/// the same invoices, a bad line named on its invoice's row, a formula never run.
final class ImportInvoiceLinesTests: TemporaryFolderTestCase {
    @MainActor
    private static func invoice(_ number: String, _ lines: [Invoice.Line], notes: String? = nil) -> Invoice {
        var invoice = Invoice.blank
        invoice.number = number
        invoice.issueDate = CalendarDate(year: 2026, month: 11, day: 2)
        invoice.dueDate = CalendarDate(year: 2026, month: 12, day: 2)
        invoice.lines = lines
        invoice.notes = notes
        invoice.currency = .chf
        return invoice
    }

    @MainActor
    private static let invoices = [
        invoice("2026-001", [], notes: "Nothing sold, \"yet\""),
        invoice("2026-002", [Invoice.Line(description: "Paper, A4 \"80 g\"", quantity: 2, unitPrice: 3.5, taxRate: 20)]),
        invoice("2026-003", [
            Invoice.Line(description: "=SUM(A1:A9)", quantity: 1.25, unitPrice: Decimal(string: "1250.505")!, taxRate: 19),
            Invoice.Line(description: "Two\nlines | with a bar \\ and a backslash", quantity: 0, unitPrice: 0, taxRate: 0),
            Invoice.Line(description: "-Discount", quantity: 3, unitPrice: 0.1, taxRate: 7.5),
        ], notes: "Paid in\ntwo parts"),
    ]

    /// Exports `invoices` (their customer a saved person) through a records panel and reads the
    /// file back through the import; `invoices` become what was exported.
    @MainActor
    private static func roundTrip(_ invoices: inout [Invoice], in paths: AppPaths, folder: URL, exported: (String) -> Void = { _ in },
                           edit: (inout CSVReader.Table) throws -> Void = { _ in }) throws -> ImportPreview<Invoice> {
        let records = RecordsDatabase(paths: paths)
        let ada = Person(firstName: "Ada", lastName: "Lovelace", birthDate: CalendarDate(year: 1815, month: 12, day: 10),
                         email: Email("ada@example.com")!, height: 1.65)
        let id = try records.store(Person.self).insert(ada)
        for index in invoices.indices {
            invoices[index].customer = RecordRef(id: id.rawValue)
            invoices[index].customerName = ada.summary
        }
        let panel = RecordsPanel<Invoice>(records: records, window: Window(), toast: Toast())
        for invoice in invoices { panel.insert(invoice) }
        let file = folder.appendingPathComponent("invoices-\(UUID().uuidString).csv")
        panel.export(to: file)
        exported(try String(contentsOf: file, encoding: .utf8))
        var table = try CSVReader().table(contentsOf: file)
        try edit(&table)
        let context = ModelContext(records: records)
        let mapping = ImportMapping.guess(headers: table.header, fieldNames: Invoice.importFieldNames,
                                          exportLayout: Invoice.exportLayout(context),
                                          computedNames: Invoice.computedColumnNames(context))
        let reader = Invoice.makeRowReader(context)
        return ImportPreview<Invoice>(table: table, mapping: mapping, existingKeys: []) { reader.resolve($0) }
    }

    func testExportThenImportGivesTheSameInvoicesWithZeroOneAndThreeLines() throws {
        let paths = self.paths, folder = self.folder!
        try GtkRuntime.test {
            var invoices = Self.invoices
            let preview = try Self.roundTrip(&invoices, in: paths, folder: folder)
            XCTAssertEqual(preview.rows.map { ImportPreview<Invoice>.outcomeText($0) }, ["New", "New", "New"])
            XCTAssertEqual(preview.createdRecords.sorted { $0.number < $1.number }, invoices)
            XCTAssertEqual(preview.createdRecords.map(\.lines.count).sorted(), [0, 1, 3])
            XCTAssertEqual(preview.createdRecords.map(\.total).sorted(), invoices.map(\.total).sorted())
        }
    }

    func testTheLinesCellIsProtectedFromSpreadsheetsAndComesBackFromASemicolonFile() throws {
        let paths = self.paths, folder = self.folder!
        try GtkRuntime.test {
            var text = ""
            var invoices = [Self.invoices[2]]
            let preview = try Self.roundTrip(&invoices, in: paths, folder: folder, exported: { text = $0 }, edit: { table in
                // The same file as a German LibreOffice saves it: every cell quoted, ";" between them.
                let quoted = ([table.header] + table.rows.map(\.fields)).map { fields in
                    fields.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ";")
                }.joined(separator: "\r\n") + "\r\n"
                table = try CSVReader().table(from: Array(quoted.utf8))
                XCTAssertEqual(table.rows.count, 1)
            })
            // The cell starts with the first line's description: written as text, not a formula.
            XCTAssertTrue(text.contains("\"'=SUM(A1:A9) | 1.25 | 1250.505 | 19\n"), text)
            XCTAssertEqual(preview.createdRecords, invoices)
        }
    }

    func testABadLineIsNamedOnItsInvoicesRowAndAFormulaInTheCellIsRefused() throws {
        let paths = self.paths, folder = self.folder!
        try GtkRuntime.test {
            var invoices = Array(Self.invoices[1...2])
            let preview = try Self.roundTrip(&invoices, in: paths, folder: folder, edit: { table in
                let column = table.header.firstIndex(of: "Lines")!
                table.rows[0].fields[column] = "Paper | 2 | 3.5 | 20\nInk | two | 1 | 120"
                table.rows[1].fields[column] = "=HYPERLINK(\"x\") | 1 | 1 | 0"
            })
            XCTAssertEqual(ImportPreview<Invoice>.outcomeText(preview.rows[0]),
                           "Line 2: Quantity: Enter a number; Line 2: Tax %: Enter a tax rate from 0 to 100 percent")
            XCTAssertEqual(ImportPreview<Invoice>.outcomeText(preview.rows[1]),
                           "Lines: starts like a spreadsheet formula (=, +, -, @); it is not imported")
            XCTAssertEqual(preview.createdCount, 0)
        }
    }

    func testTheCellReadsGermanDecimalsPercentSignsAndEmptyLines() {
        let german = NumberParsing(decimalSeparator: ",")
        let lines = [Invoice.Line(description: "Beratung, vor Ort", quantity: 1.5, unitPrice: 1250.5, taxRate: 19)]
        XCTAssertEqual(InvoiceLinesCell.text(lines, using: german), "Beratung, vor Ort | 1,5 | 1250,5 | 19")
        XCTAssertEqual(try InvoiceLinesCell.lines("Beratung, vor Ort | 1,5 | 1250,5 | 19 %\n\n", using: german).get(), lines)
        XCTAssertEqual(try InvoiceLinesCell.lines("Beratung, vor Ort | 1.5 | 1250.5 | 19", using: german).get(), lines)
        XCTAssertEqual(try InvoiceLinesCell.lines("", using: german).get(), [])
        XCTAssertEqual(InvoiceLinesCell.lines("Paper | 2", using: german),
                       .failure(ImportRejection(["Line 1: Write description | quantity | unit price | tax %"])))
        XCTAssertEqual(InvoiceLinesCell.lines(" | -1 | 2 | 0", using: german),
                       .failure(ImportRejection(["Line 1: Description: Required", "Line 1: Quantity: Enter 0 or more"])))
    }
}
