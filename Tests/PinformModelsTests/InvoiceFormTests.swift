@testable import Controls
import Foundation
import Forms
@_spi(Testing) import Gtk
import PinformCore
@testable import PinformModels
import Storage
import GtkTesting
import XCTest
import TestFolders

/// The app's invoice form on real widgets over a real (encrypted) records database: lines and
/// their total as typed, the customer chosen among the people, "Add new…", deleting a
/// customer in use, and drafts.
final class InvoiceFormTests: TemporaryFolderTestCase {
    static let ada = Person(firstName: "Ada", lastName: "Lovelace", birthDate: CalendarDate(year: 1990, month: 12, day: 10),
                            email: Email("ada@example.com")!, height: 1.65)

    /// The form's parts, found by type.
    @MainActor
    struct Parts {
        let view: FormView<Invoice>
        let window = Window()

        init(_ view: FormView<Invoice>) {
            self.view = view
            window.child = view.widget
            window.present()
        }

        func inputs<T>(_ type: T.Type) -> [T] {
            view.form.fields.compactMap { view.input(for: $0) as? T }
        }

        var lines: LineItemsEditor<Invoice.Line> { inputs(LineItemsEditor<Invoice.Line>.self)[0] }
        var customer: ReferenceChooser<Person> { inputs(ReferenceChooser<Person>.self)[0] }
        var number: ActiveInput<String> { inputs(ActiveInput<String>.self)[0] }
        /// "Total" (after "Customer as typed before"; the carried customer name is not placed).
        var total: ComputedValueInput<String> {
            inputs(ComputedValueInput<String>.self).first { $0.label.text == "Total" }!
        }

        func typeDates() {
            for date in inputs(DateInput.self) { date.entry.text = "2026-11-30" }
        }

        func typeLine(_ values: [String]) {
            let row = lines.addRow()
            let rowView = lines.rowView(for: row)!
            let entries = rowView.form.fields.compactMap { rowView.input(for: $0) as? ActiveInput<String> }
                .map(\.entry) + rowView.form.fields.compactMap { rowView.input(for: $0) as? ActiveInput<Decimal> }.map(\.entry)
            for (entry, value) in zip(entries, values) { entry.text = value }
        }
    }

    private func withDatabase(_ body: @MainActor (RecordsDatabase, ModelContext) throws -> Void) throws {
        let paths = self.paths
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths, key: try SecretBytes.random(count: KeyVault.dataKeyLength))
            defer { records.close() }
            let context = ModelContext(records: records, today: { CalendarDate(year: 2026, month: 12, day: 1) })
            try body(records, context)
        }
    }

    func testTheTotalFollowsTheLinesAsTypedAndIsStored() throws {
        try withDatabase { _, context in
            let parts = Parts(Invoice.makeForm(context))
            defer { parts.window.close() }
            XCTAssertEqual(parts.total.text, "0.00")
            parts.typeLine(["Paper", "2", "3.50", "20"])
            parts.typeLine(["Ink", "1", "12.00", "0"])
            XCTAssertEqual(parts.total.valueLabel.text, "20.40")
            parts.typeLine(["Stamps", "10", "0.85", "0"])
            XCTAssertEqual(parts.total.valueLabel.text, "28.90")
            XCTAssertTrue(parts.lines.rowWidget(for: parts.lines.list.rows[1])!.showsAccessibleDescription("Line 2 of 3"))
            var invoice = Invoice.blank
            invoice.customerName = "ACME Ltd"
            invoice.number = "1"
            parts.view.load(invoice)
            XCTAssertEqual(parts.total.valueLabel.text, "0.00", "a load shows the total of the loaded lines")
        }
    }

    func testTheCustomerIsChosenAmongThePeopleAndListedAsTheyAreNow() throws {
        try withDatabase { records, context in
            let people = try records.store(Person.self)
            let id = try people.insert(Self.ada)
            let parts = Parts(Invoice.makeForm(context))
            defer { parts.window.close() }
            parts.number.entry.text = "2026-017"
            parts.typeDates()
            parts.customer.entry.text = "lovel"
            XCTAssertEqual(parts.customer.matches.map(\.record), [RecordRef(id: id.rawValue)])
            XCTAssertEqual(parts.customer.matchesBox.arrangedChildren.count, 2, "the match, then Add new…")
            XCTAssertTrue(parts.customer.takesEnter(), "Enter picks the match before the form moves on")
            XCTAssertEqual(parts.customer.entry.text, Self.ada.summary)
            parts.typeLine(["Work", "1", "100", "0"])
            let invoice = try parts.view.resolve(Invoice.blank).get()
            XCTAssertEqual(invoice.customer, RecordRef(id: id.rawValue))
            XCTAssertEqual(invoice.customerName, Self.ada.summary)
            XCTAssertEqual(invoice.total, 100)

            // The list shows the person as they are now, not as saved with the invoice.
            var renamed = Self.ada
            renamed.lastName = "King"
            try people.update(renamed, id: id)
            let column = Invoice.listColumns(context)[1]
            XCTAssertEqual(column.text(invoice), renamed.summary)

            // And she cannot be deleted while the invoice refers to her.
            let invoices = try records.store(Invoice.self)
            XCTAssertNil(Person.deletionRefusal(of: [id], context))
            try invoices.insert(invoice)
            let refusal = try XCTUnwrap(Person.deletionRefusal(of: [id], context))
            XCTAssertTrue(refusal.contains("2026-017"), refusal)
            XCTAssertNil(Person.deletionRefusal(of: [RecordID(id.rawValue + 1)], context))
        }
    }

    /// A customer's match (its whole summary, name and email) wraps: unwrapped, it made the
    /// chooser 334 pixels wide at least, and a 360-pixel window (its form in a card) grew to
    /// 394 pixels for good as the match list showed.
    func testACustomerMatchDoesNotWidenTheChooser() throws {
        try withDatabase { records, context in
            _ = try records.store(Person.self).insert(Self.ada)
            let chooser = ReferenceChooser<Person>(label: "Customer", lookup: context.lookup(Person.self))
            let before = chooser.view.minimumWidth
            chooser.entry.text = "lovel"
            XCTAssertFalse(chooser.matches.isEmpty, "Ada matches")
            XCTAssertLessThanOrEqual(chooser.view.minimumWidth, max(before, 200),
                                     "the match list widens the chooser from \(before)")
        }
    }

    func testAddNewOffersWhatWasTypedAndChoosesTheRecordMade() throws {
        try withDatabase { _, context in
            let chooser = ReferenceChooser<Person>(label: "Customer", lookup: context.lookup(Person.self))
            var asked: String?
            var finish: ((RecordMatch<Person>?) -> Void)?
            chooser.onAddNew = { typed, done in
                asked = typed
                finish = done
            }
            chooser.entry.text = "Grace"
            XCTAssertTrue(chooser.matches.isEmpty)
            XCTAssertEqual(chooser.matchesBox.arrangedChildren.count, 1, "nothing matches: only Add new…")
            XCTAssertTrue(chooser.handleKey(.return, []))
            XCTAssertEqual(asked, "Grace")
            finish?(RecordMatch(record: RecordRef(id: 5), summary: "Grace Hopper"))
            XCTAssertEqual(chooser.record, RecordRef(id: 5))
        }
    }

    func testADraftIsSealedInTheRecordsFileAndRestoredExactly() throws {
        let file = paths.recordsFile
        try withDatabase { records, context in
            _ = try records.store(Person.self).insert(Self.ada)
            let parts = Parts(Invoice.makeForm(context))
            let keeper = DraftKeeper(form: parts.view, context: context)
            parts.number.entry.text = "2026-017"
            parts.customer.entry.text = "lovel"
            _ = parts.customer.takesEnter()
            parts.typeDates()
            parts.typeLine(["Paperweights", "2", "3.50", "20"])
            parts.typeLine(["Inkwells", "1", "12.00", "0"])
            keeper.saveNow()
            parts.window.close()
            records.closeFile()
            let bytes = try Data(contentsOf: file)
            for typed in ["2026-017", "Paperweights", "Inkwells"] {
                XCTAssertNil(bytes.range(of: Data(typed.utf8)), "\(typed) is in the file in plaintext")
            }

            let again = Parts(Invoice.makeForm(context))
            defer { again.window.close() }
            let restorer = DraftKeeper(form: again.view, context: context)
            let stored = try XCTUnwrap(restorer.stored())
            XCTAssertTrue(restorer.restore(stored))
            XCTAssertEqual(again.number.entry.text, "2026-017")
            XCTAssertEqual(again.lines.list.count, 2)
            XCTAssertEqual(again.total.valueLabel.text, "20.40")
            XCTAssertEqual(try again.view.resolve(Invoice.blank).get().customer, RecordRef(id: 1))
            XCTAssertTrue(again.view.isDirty)
            // Saved (or discarded): no draft is left.
            restorer.discard()
            XCTAssertNil(restorer.stored())
        }
    }

    func testAFormBackToWhatWasLoadedLeavesNoDraft() throws {
        try withDatabase { _, context in
            let parts = Parts(Invoice.makeForm(context))
            defer { parts.window.close() }
            let keeper = DraftKeeper(form: parts.view, context: context)
            parts.number.entry.text = "7"
            keeper.saveNow()
            XCTAssertNotNil(keeper.stored())
            parts.number.entry.text = ""
            keeper.saveNow()
            XCTAssertNil(keeper.stored())
        }
    }

    func testWithNowhereToKeepADraftLockIsToldTheChangesWouldBeLost() {
        GtkRuntime.test {
            let context = ModelContext(records: nil)
            let parts = Parts(Invoice.makeForm(context))
            defer { parts.window.close() }
            let keeper = DraftKeeper(form: parts.view, context: context)
            XCTAssertTrue(context.saveAllDrafts(), "nothing typed: nothing to lose")
            parts.number.entry.text = "7"
            XCTAssertFalse(keeper.saveNow())
            XCTAssertFalse(context.saveAllDrafts())
        }
    }
}
