import Controls
import Foundation
@_spi(Testing) import Gtk
import Storage
import Forms
import XCTest
@testable import Pinform
@testable import PinformModels
import PinformCore
import TestFolders

final class RecordsPanelTests: TemporaryFolderTestCase {
    private static let ada = Person(firstName: "Ada", lastName: "Lovelace, Countess", statedAge: 36,
                                    email: Email("ada@example.com")!, height: 1.65)
    private static let alan = Person(firstName: "Alan", lastName: "Turing", statedAge: 41,
                                     email: Email("alan@example.com")!, height: 1.78)

    func testExportWritesTheListAsShownAsQuotedCSV() throws {
        let paths = self.paths, folder = self.folder!
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths)
            let panel = RecordsPanel<Person>(records: records, window: Window(), toast: Toast())
            panel.insert(Self.ada)
            panel.insert(Self.alan)
            panel.list.sort(by: 1, ascending: false)
            let file = folder.appendingPathComponent("people.csv")
            panel.export(to: file)
            let text = try String(contentsOf: file, encoding: .utf8)
            // Heights as the list shows them, in the user's locale ("1,78" is quoted in German).
            func height(_ metres: Double) -> String {
                let shown = LocaleText.twoDecimals(metres)
                return shown.contains(",") ? "\"\(shown)\"" : shown
            }
            // No birth date (records from before birth dates keep the age typed), no phone.
            XCTAssertEqual(text, "First name,Last name,Birth date,Age,Phone,Email,Height\r\n"
                + "Alan,Turing,,41,,alan@example.com,\(height(1.78))\r\n"
                + "Ada,\"Lovelace, Countess\",,36,,ada@example.com,\(height(1.65))\r\n")
        }
    }

    func testSavedRecordsShowAtOnceAndInTheDatabase() throws {
        let paths = self.paths
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths)
            let panel = RecordsPanel<Person>(records: records, window: Window(), toast: Toast())
            panel.insert(Self.ada)
            XCTAssertEqual(panel.list.rowCount, 1)
            XCTAssertEqual(try records.store(Person.self).count(), 1)
        }
    }

    func testADamagedFileShowsTheErrorAndIsKeptWhenMovedAside() throws {
        let paths = self.paths
        try GtkRuntime.test {
            try paths.ensureExists()
            let damaged = Data(repeating: 0x41, count: 4096)
            try damaged.write(to: paths.recordsFile)
            let records = RecordsDatabase(paths: paths)
            let panel = RecordsPanel<Person>(records: records, window: Window(), toast: Toast())
            XCTAssertTrue(panel.showsProblem)
            let description = panel.problemPage.descriptionText ?? ""
            XCTAssertTrue(description.contains("damaged"), description)
            XCTAssertTrue(description.contains("the old file is kept"), description)
            XCTAssertTrue(panel.moveAsideButton.isVisible)
            XCTAssertTrue(panel.retryButton.isVisible)
            panel.moveAsideButton.click()
            XCTAssertFalse(panel.showsProblem)
            XCTAssertEqual(panel.list.shownContent, .empty)
            panel.insert(Self.alan)
            XCTAssertEqual(panel.list.rowCount, 1)
            let kept = try FileManager.default.contentsOfDirectory(atPath: paths.dataDirectory.path)
                .filter { $0.hasPrefix("records.sqlite.damaged-") }
            XCTAssertEqual(kept.count, 1)
            XCTAssertEqual(try Data(contentsOf: paths.dataDirectory.appendingPathComponent(kept[0])), damaged)
        }
    }

    private static let grace = Person(firstName: "Grace", lastName: "Hopper", statedAge: 85,
                                      email: Email("grace@example.com")!, height: 1.60)

    func testUndoOfADeleteRestoresTheRecordInItsPlaceWithItsIdentity() throws {
        let paths = self.paths
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths)
            let toast = Toast()
            let panel = RecordsPanel<Person>(records: records, window: Window(), toast: toast)
            for person in [Self.ada, Self.alan, Self.grace] { panel.insert(person) }
            let ids = panel.list.recordIDs
            XCTAssertTrue(panel.list.select(id: ids[1]))
            panel.deleteButton.click()
            XCTAssertEqual(panel.list.recordIDs, [ids[0], ids[2]])

            XCTAssertTrue(toast.performAction())  // Undo

            XCTAssertEqual(panel.list.recordIDs, ids)
            XCTAssertEqual(panel.list.selectedIDs, [ids[1]])
            XCTAssertEqual(try records.store(Person.self).record(id: RecordID(ids[1]))?.model, Self.alan)
        }
    }

    func testUndoOfADeleteHoldsAfterTheToastIsGoneUntilTheNextChange() throws {
        let paths = self.paths
        try GtkRuntime.test {
            let toast = Toast()
            let records = RecordsDatabase(paths: paths)
            let panel = RecordsPanel<Person>(records: records, window: Window(), toast: toast)
            for person in [Self.ada, Self.alan, Self.grace] { panel.insert(person) }
            let ids = panel.list.recordIDs
            XCTAssertTrue(panel.list.select(id: ids[0]))
            panel.deleteButton.click()
            toast.dismiss()  // its time is up
            XCTAssertFalse(toast.isShown)

            XCTAssertTrue(panel.undoLastDeletion())

            XCTAssertEqual(panel.list.recordIDs, ids)
            XCTAssertEqual(panel.list.selectedIDs, [ids[0]])
            XCTAssertFalse(panel.undoLastDeletion(), "an undone delete is not undone twice")

            XCTAssertTrue(panel.list.select(id: ids[1]))
            panel.deleteButton.click()
            panel.insert(Self.ada)
            XCTAssertFalse(panel.undoLastDeletion(), "a save is a change: the delete before it stays")
            XCTAssertEqual(try records.store(Person.self).count(), 3)
        }
    }

    func testAfterADeleteTheRowInItsPlaceIsSelectedSoDeleteGoesOn() {
        let paths = self.paths
        GtkRuntime.test {
            let panel = RecordsPanel<Person>(records: RecordsDatabase(paths: paths), window: Window(), toast: Toast())
            for person in [Self.ada, Self.alan, Self.grace] { panel.insert(person) }
            let ids = panel.list.recordIDs
            XCTAssertTrue(panel.list.select(id: ids[1]))
            panel.deleteButton.click()
            XCTAssertEqual(panel.list.selectedIDs, [ids[2]])
            XCTAssertTrue(panel.deleteButton.isSensitive)
            XCTAssertTrue(panel.editButton.isSensitive)
        }
    }

    func testExportAndEditAreInsensitiveWithNoRecords() {
        let paths = self.paths
        GtkRuntime.test {
            let panel = RecordsPanel<Person>(records: RecordsDatabase(paths: paths), window: Window(), toast: Toast())
            XCTAssertFalse(panel.exportButton.isSensitive)
            XCTAssertFalse(panel.editButton.isSensitive)
            panel.insert(Self.ada)
            XCTAssertTrue(panel.exportButton.isSensitive)
            panel.list.search("nobody")
            XCTAssertFalse(panel.exportButton.isSensitive, "nothing shown, nothing to export")
        }
    }

    func testDeleteIsInsensitiveWhileTheSearchHidesTheSelection() {
        let paths = self.paths
        GtkRuntime.test {
            let panel = RecordsPanel<Person>(records: RecordsDatabase(paths: paths), window: Window(), toast: Toast())
            panel.insert(Self.ada)
            panel.insert(Self.alan)
            XCTAssertTrue(panel.deleteButton.isSensitive, "the saved record is selected")
            panel.list.search("lovelace")
            XCTAssertFalse(panel.deleteButton.isSensitive)
            panel.list.search("")
            XCTAssertFalse(panel.deleteButton.isSensitive)
            XCTAssertTrue(panel.list.select(id: panel.list.recordIDs[0]))
            XCTAssertTrue(panel.deleteButton.isSensitive)
        }
    }

    func testASavedRecordTheSearchWouldHideClearsTheSearchAndIsSelected() {
        let paths = self.paths
        GtkRuntime.test {
            let panel = RecordsPanel<Person>(records: RecordsDatabase(paths: paths), window: Window(), toast: Toast())
            panel.insert(Self.ada)
            panel.list.search("lovelace")
            panel.insert(Self.alan)
            XCTAssertEqual(panel.list.searchText, "")
            XCTAssertEqual(panel.list.rowCount, 2)
            XCTAssertEqual(panel.list.selectedIDs, [panel.list.recordIDs[1]])

            panel.list.search("example")
            panel.insert(Self.grace)  // shown by the search: it stays
            XCTAssertEqual(panel.list.searchText, "example")
            XCTAssertEqual(panel.list.selectedIDs, [panel.list.recordIDs[2]])
        }
    }

    func testAnExportSuggestsTheModelsNameInDocumentsOrHome() {
        let paths = self.paths
        GtkRuntime.test {
            let records = RecordsDatabase(paths: paths)
            let people = RecordsPanel<Person>(records: records, window: Window(), toast: Toast())
            XCTAssertEqual(people.suggestedExportFile.lastPathComponent, "people.csv")
            let folder = people.suggestedExportFile.deletingLastPathComponent().standardizedFileURL.path
            let documents = GtkRuntime.documentsDirectory
            let home = GtkRuntime.homeDirectory
            XCTAssertTrue(folder == documents.map { URL(fileURLWithPath: $0).standardizedFileURL.path } || folder == home,
                          folder)
            XCTAssertEqual(RecordsPanel<Size>(records: records, window: Window(), toast: Toast()).suggestedExportFile.lastPathComponent,
                           "sizes.csv")
            XCTAssertEqual(RecordsPanel<Invoice>(records: records, window: Window(), toast: Toast()).suggestedExportFile.lastPathComponent,
                           "invoices.csv")
        }
    }

    func testTheExportDialogSuggestsTheModelsFileInTheFolderOfTheLastExport() {
        let paths = self.paths
        GtkRuntime.test {
            let records = RecordsDatabase(paths: paths)
            let window = Window()  // the panel holds its window unowned
            let panel = RecordsPanel<Person>(records: records, window: window, toast: Toast())
            let folder = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true).appendingPathComponent("exports")
            panel.lastExportFolder = folder
            let dialog = panel.makeExportDialog()
            XCTAssertEqual(dialog.initialName, "people.csv")
            XCTAssertEqual(dialog.initialFolder?.standardizedFileURL.path, folder.standardizedFileURL.path)
        }
    }

    func testEditingLoadsTheRecordAndResolvesItBackUnchanged() {
        GtkRuntime.test {
            for model in [Self.alan, Self.ada] {
                let form = Person.makeForm(ModelContext(records: nil))
                form.load(model)
                XCTAssertEqual(try? form.resolve(Person.blank).get(), model)
                XCTAssertFalse(form.isDirty)
            }
        }
    }

    func testAnInvoiceLoadsAndResolvesBackUnchanged() {
        GtkRuntime.test {
            let invoice = Invoice(number: "2026-017", customer: nil, customerName: "ACME",
                                  issueDate: CalendarDate(year: 2026, month: 11, day: 1),
                                  dueDate: CalendarDate(year: 2026, month: 11, day: 30),
                                  lines: [Invoice.Line(description: "Consulting", quantity: 2, unitPrice: Decimal(string: "617.25")!, taxRate: 0)],
                                  currency: .chf, isPaid: true, notes: "Net 30\nby transfer")
            let form = Invoice.makeForm(ModelContext(records: nil))
            form.load(invoice)
            XCTAssertEqual(try? form.resolve(Invoice.blank).get(), invoice)
        }
    }

    func testAnInvoiceDueBeforeItWasIssuedDoesNotResolve() {
        GtkRuntime.test {
            var invoice = Invoice.blank
            invoice.number = "1"
            invoice.customerName = "ACME"
            invoice.issueDate = CalendarDate(year: 2026, month: 11, day: 30)
            invoice.dueDate = CalendarDate(year: 2026, month: 11, day: 1)
            let form = Invoice.makeForm(ModelContext(records: nil))
            form.load(invoice)
            guard case .failure(let errors) = form.resolve(Invoice.blank) else { return XCTFail("resolved") }
            XCTAssertEqual(errors.all.map(\.message), ["The due date cannot be before the issue date"])
        }
    }
}
