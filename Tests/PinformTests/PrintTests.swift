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

/// Records, lists, invoices and the recovery key on paper: rendered to PDF through
/// GtkPrintOperation's export (what "Print to File" writes) and read back with pdftotext.
final class PrintTests: TemporaryFolderTestCase {
    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else {
            throw XCTSkip("pdftotext (poppler-utils) is not installed: scripts/lib.sh ensure_packages test")
        }
        try super.setUpWithError()
    }

    /// The text of each page of the PDF at `url`.
    private func pages(of url: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = ["-layout", url.path, "-"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        var pages = String(decoding: data, as: UTF8.self).components(separatedBy: "\u{0C}")
        if pages.last?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true { pages.removeLast() }
        return pages
    }

    /// The page size in points of the PDF at `url`, as pdfinfo reads it.
    private func pageSize(of url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdfinfo")
        process.arguments = [url.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("Page size:") } ?? ""
        return String(line)
    }

    private static let ada = Person(firstName: "Ada", lastName: "Lovelace", statedAge: 36,
                                    email: Email("ada@example.com")!, height: 1.65)

    func testARecordPrintsEveryFieldWithItsValueOnA4() throws {
        let url = folder.appendingPathComponent("person.pdf")
        try GtkRuntime.test {
            try DocumentPrinter(Self.ada.printout).export(to: url, paper: .a4)
        }
        let text = try pages(of: url)
        XCTAssertEqual(text.count, 1)
        for word in ["Person", "First name", "Ada", "Last name", "Lovelace", "Email", "ada@example.com", "page 1 of 1"] {
            XCTAssertTrue(text[0].contains(word), "\(word) is missing from \(text[0])")
        }
        let size = try pageSize(of: url)
        XCTAssertTrue(size.contains("595") && size.contains("841"), size)
    }

    func testALongListRunsOverPagesWithItsHeaderOnEachOnLetter() throws {
        let url = folder.appendingPathComponent("people.pdf")
        let rows = (1...120).map { ["Person \($0)", "Surname \($0)", "", "", "p\($0)@example.com", "1.70"] }
        try GtkRuntime.test {
            try DocumentPrinter(Person.printout(ofList: rows, search: "person")).export(to: url, paper: .letter)
        }
        let text = try pages(of: url)
        XCTAssertGreaterThan(text.count, 1)
        XCTAssertTrue(text[0].contains("120 records matching “person”"), text[0])
        for (index, page) in text.enumerated() {
            XCTAssertTrue(page.contains("First name"), "page \(index + 1) has no header")
            XCTAssertTrue(page.contains("page \(index + 1) of \(text.count)"), page)
        }
        // The last row printed too (an address may wrap in its narrow column).
        XCTAssertTrue(text.joined().contains("Surname 120"), text.joined())
        let size = try pageSize(of: url)
        XCTAssertTrue(size.contains("612 x 792"), size)
    }

    func testAnInvoicePrintsLikeAnInvoice() throws {
        let url = folder.appendingPathComponent("invoice.pdf")
        let lines = [Invoice.Line(description: "Consulting, November", quantity: 1, unitPrice: Decimal(string: "1234.5")!, taxRate: 0)]
        let invoice = Invoice(number: "2026-017", customer: nil, customerName: "ACME Ltd",
                              issueDate: CalendarDate(year: 2026, month: 11, day: 1),
                              dueDate: CalendarDate(year: 2026, month: 11, day: 30), lines: lines,
                              currency: .eur, isPaid: false, notes: nil)
        try GtkRuntime.test {
            try DocumentPrinter(invoice.printout).export(to: url, paper: .a4)
        }
        let text = try pages(of: url).joined()
        for word in ["Invoice 2026-017", "ACME Ltd", "Description", "Consulting, November", "Total",
                     "\(LocaleText.amount(Decimal(string: "1234.5")!)) EUR"] {
            XCTAssertTrue(text.contains(word), "\(word) is missing from \(text)")
        }
    }

    func testTheRecoveryKeyPrintsOnOnePageInItsGroups() throws {
        let url = folder.appendingPathComponent("key.pdf")
        var text = "ABCD-EFGH-JKLM-NPQR-STUV-WXYZ-2345-6789"
        let key = try text.withUTF8 { try SecretBytes(copying: $0) }
        try GtkRuntime.test {
            try DocumentPrinter(RecoveryKeyPrinter.document(for: key)).export(to: url, paper: .a4)
        }
        let pages = try pages(of: url)
        XCTAssertEqual(pages.count, 1)
        XCTAssertTrue(pages[0].contains("ABCD-EFGH-JKLM-NPQR"), pages[0])
        XCTAssertTrue(pages[0].contains("STUV-WXYZ-2345-6789"), pages[0])
        XCTAssertTrue(pages[0].contains("Pinform Recovery Key"))
        XCTAssertTrue(pages[0].contains("forget your PIN"))
    }

    func testTheSelectedRecordOrElseTheShownListIsWhatPrints() throws {
        let paths = self.paths
        try GtkRuntime.test {
            let panel = RecordsPanel<Person>(records: RecordsDatabase(paths: paths), window: Window(), toast: Toast())
            panel.insert(Self.ada)
            panel.insert(Person(firstName: "Alan", lastName: "Turing", statedAge: 41, email: Email("alan@example.com")!, height: 1.78))
            XCTAssertEqual(try panel.printout().title, "Person")
            XCTAssertEqual(try panel.printout().subtitle, Person(firstName: "Alan", lastName: "Turing", statedAge: 41,
                                                                 email: Email("alan@example.com")!, height: 1.78).summary)
            panel.list.select(ids: [])
            panel.list.search("lovelace")
            guard case .table(let table) = try panel.printout().blocks.first else { return XCTFail("no table") }
            XCTAssertEqual(table.rows.map { $0[1] }, ["Lovelace"])
        }
    }
}
