@testable import Controls
import Forms
@_spi(Testing) import Gtk
import GtkTesting
import XCTest

final class DataEntryKeyboardTests: XCTestCase {
    private typealias View = FormView<InvoiceEntryForm.Invoice>

    func testEnterMovesOnInOneLineFieldsAndCtrlOrShiftEnterInMultiLineOnes() {
        XCTAssertTrue(View.movesToNextField(.return, [], multiline: false))
        XCTAssertTrue(View.movesToNextField(.keypadEnter, [], multiline: false))
        XCTAssertFalse(View.movesToNextField(.return, .control, multiline: false), "Ctrl+Enter saves")
        XCTAssertFalse(View.movesToNextField(.return, [], multiline: true), "Enter types a new line")
        XCTAssertTrue(View.movesToNextField(.return, .control, multiline: true))
        XCTAssertTrue(View.movesToNextField(.return, .shift, multiline: true))
        XCTAssertFalse(View.movesToNextField(.tab, [], multiline: false))
    }

    func testUndoAndRedoKeys() {
        XCTAssertEqual(View.historyCommand(Key("z"), .control), .undo)
        XCTAssertEqual(View.historyCommand(Key("Z"), [.control, .shift]), .redo)
        XCTAssertEqual(View.historyCommand(Key("y"), .control), .redo)
        XCTAssertNil(View.historyCommand(Key("z"), []))
        XCTAssertNil(View.historyCommand(Key("z"), [.control, .alt]))
    }

    func testEnterOrderGoesThroughEveryRowThenPastTheList() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            let rows = fixture.lines.rows
            fixture.window.focus(fixture.number.entry)
            XCTAssertTrue(fixture.view.focusField(after: fixture.numberField))
            XCTAssertTrue(MainContext.spin(until: { fixture.customer.entry.containsFocus }))
            XCTAssertTrue(fixture.view.focusField(after: fixture.customerField))
            XCTAssertTrue(MainContext.spin(until: { fixture.entry(0, of: rows[0]).containsFocus }), "into the first row")
            let first = fixture.editor.rowView(for: rows[0])!
            let firstForm = fixture.lines.form(for: rows[0])
            XCTAssertTrue(first.focusField(after: firstForm.fields[2]))
            XCTAssertTrue(MainContext.spin(until: { fixture.entry(0, of: rows[1]).containsFocus }), "on to the next row")
            let last = fixture.editor.rowView(for: rows[2])!
            let lastForm = fixture.lines.form(for: rows[2])
            XCTAssertTrue(last.focusField(after: lastForm.fields[2]))
            // After the list comes only the computed total, which is not edited: focus stays put.
            XCTAssertFalse(fixture.view.form.isComputed(fixture.numberField))
            XCTAssertTrue(fixture.view.form.isComputed(fixture.totalField))
        }
    }

    func testAComputedValueIsALabelPeopleCannotEdit() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            XCTAssertEqual(fixture.total.valueLabel.text, "27.5")
            XCTAssertTrue(fixture.total.valueLabel.isAccessiblyLabelled(by: fixture.total.label))
            fixture.total.text = "1000"
            fixture.view.form.edited(fixture.totalField)
            XCTAssertEqual(fixture.total.valueLabel.text, "27.5", "the form puts the computed value back")
        }
    }

    func testResetStartsANewRecordWithTheRepeatedValuesAndFocusInTheFirstField() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.form.repeatLastValue(of: fixture.customerField)
            fixture.view.load(InvoiceEntryForm.sample)
            fixture.view.markSaved()
            fixture.view.reset()
            XCTAssertEqual(fixture.number.entry.text, "")
            XCTAssertEqual(fixture.customer.record, RecordRef(id: 3))
            XCTAssertEqual(fixture.customer.entry.text, "Grace Hopper")
            XCTAssertEqual(fixture.lines.count, 0)
            XCTAssertEqual(fixture.editor.shownRows.count, 0)
            XCTAssertFalse(fixture.view.isDirty)
            XCTAssertTrue(MainContext.spin(until: { fixture.number.entry.containsFocus }))
        }
    }

    // MARK: Reference chooser

    func testLoadShowsTheReferencedRecordsSummary() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            XCTAssertEqual(fixture.customer.entry.text, "Grace Hopper")
            XCTAssertEqual(fixture.customer.text, "3")
        }
    }

    func testTypingFiltersAndDownAndEnterChooseByKeyboard() throws {
        try GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            let chooser = fixture.customer
            fixture.window.focus(chooser.entry)
            chooser.entry.text = "a"
            XCTAssertEqual(chooser.matches.map(\.summary), ["Ada Lovelace", "Alan Turing", "Grace Hopper"])
            chooser.entry.text = "al"
            XCTAssertEqual(chooser.matches.map(\.summary), ["Alan Turing"])
            chooser.entry.text = "a"
            XCTAssertEqual(chooser.highlighted, 0)
            XCTAssertTrue(chooser.handleKey(.down, []))
            XCTAssertEqual(chooser.highlighted, 1)
            let announcer = try XCTUnwrap(Announcer.of(windowContaining: chooser.entry))
            XCTAssertTrue(announcer.hasSaid("Alan Turing", .polite), "the highlighted record is spoken: \(announcer.saidMessages)")
            XCTAssertTrue(chooser.handleKey(.return, []))
            XCTAssertEqual(chooser.record, RecordRef(id: 2))
            XCTAssertEqual(chooser.entry.text, "Alan Turing")
            XCTAssertTrue(chooser.matches.isEmpty)
            XCTAssertFalse(chooser.handleKey(.return, []), "with no matches open, Enter is the form's")
            XCTAssertEqual(try fixture.view.resolve(InvoiceEntryForm.Invoice()).get().customer, RecordRef(id: 2))
        }
    }

    func testChoosingARecordIsOneUndoStep() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            let chooser = fixture.customer
            chooser.entry.text = "ada"
            XCTAssertTrue(chooser.handleKey(.return, []))
            XCTAssertEqual(chooser.record, RecordRef(id: 1))
            XCTAssertTrue(fixture.view.undo())
            XCTAssertEqual(chooser.record, RecordRef(id: 3))
            XCTAssertEqual(chooser.entry.text, "Grace Hopper")
        }
    }

    func testEscapeGivesUpTheSearchAndKeepsTheRecord() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            fixture.customer.entry.text = "tur"
            XCTAssertTrue(fixture.customer.handleKey(.escape, []))
            XCTAssertEqual(fixture.customer.entry.text, "Grace Hopper")
            XCTAssertEqual(fixture.customer.record, RecordRef(id: 3))
        }
    }

    func testAReferenceToAMissingRecordSaysSoAndDoesNotSave() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            var invoice = InvoiceEntryForm.sample
            invoice.customer = RecordRef(id: 99)
            fixture.view.load(invoice)
            XCTAssertEqual(fixture.customer.entry.text, "This record no longer exists")
            guard case .failure(let errors) = fixture.view.resolve(InvoiceEntryForm.Invoice()) else { return XCTFail() }
            XCTAssertEqual(errors[fixture.customerField].map(\.message), ["This record no longer exists"])
        }
    }
}
