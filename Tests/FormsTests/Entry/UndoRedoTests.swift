import Foundation
import XCTest
@testable import Forms

final class UndoRedoTests: XCTestCase {
    private typealias Invoice = InvoiceFixture.Invoice

    private func loaded() -> InvoiceFixture {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        return fixture
    }

    /// Types `text` one character at a time into `field`, as keystrokes arrive.
    private func typeKeystrokes(_ text: String, into field: FieldID, of form: Form<Invoice>, input: TextInput<String>) {
        for character in text {
            form.type((input.text ?? "") + String(character), into: field)
        }
    }

    func testNothingToUndoAfterLoad() {
        let fixture = loaded()
        XCTAssertFalse(fixture.form.canUndo)
        XCTAssertFalse(fixture.form.canRedo)
        XCTAssertFalse(fixture.form.undo())
    }

    func testConsecutiveTypingInOneFieldIsOneStep() {
        let fixture = loaded()
        typeKeystrokes("-b", into: fixture.fields.number, of: fixture.form, input: fixture.number)
        XCTAssertEqual(fixture.number.text, "2026-017-b")
        XCTAssertTrue(fixture.form.undo())
        XCTAssertEqual(fixture.number.text, "2026-017")
        XCTAssertFalse(fixture.form.canUndo)
        XCTAssertTrue(fixture.form.redo())
        XCTAssertEqual(fixture.number.text, "2026-017-b")
    }

    func testLeavingAFieldEndsItsStep() {
        let fixture = loaded()
        typeKeystrokes("-b", into: fixture.fields.number, of: fixture.form, input: fixture.number)
        fixture.form.endEditing()
        typeKeystrokes("c", into: fixture.fields.number, of: fixture.form, input: fixture.number)
        fixture.form.undo()
        XCTAssertEqual(fixture.number.text, "2026-017-b")
        fixture.form.undo()
        XCTAssertEqual(fixture.number.text, "2026-017")
    }

    func testTypingInAnotherFieldStartsAnotherStep() {
        let fixture = loaded()
        fixture.form.type("A", into: fixture.fields.number)
        fixture.form.type("2026-12-01", into: fixture.fields.issued)
        fixture.form.type("B", into: fixture.fields.number)
        fixture.form.undo()
        XCTAssertEqual(fixture.number.text, "A")
        fixture.form.undo()
        XCTAssertEqual(fixture.issued.text, "2026-11-30")
        fixture.form.undo()
        XCTAssertEqual(fixture.number.text, "2026-017")
    }

    func testADateEditIsUndone() throws {
        let fixture = loaded()
        fixture.form.type("2027-01-02", into: fixture.fields.issued)
        fixture.form.undo()
        XCTAssertEqual(try fixture.form.resolve(Invoice()).get().issued, CalendarDate(year: 2026, month: 11, day: 30))
    }

    func testEachChoiceIsAStepOfItsOwn() {
        let fixture = loaded()
        fixture.form.type("eur", into: fixture.fields.currency)
        fixture.form.type("usd", into: fixture.fields.currency)
        fixture.form.type("eur", into: fixture.fields.currency)
        fixture.form.undo()
        XCTAssertEqual(fixture.currency.text, "usd")
        fixture.form.undo()
        XCTAssertEqual(fixture.currency.text, "eur")
        fixture.form.undo()
        XCTAssertEqual(fixture.currency.text, "usd")
        XCTAssertFalse(fixture.form.canUndo)
    }

    func testEachSwitchFlipIsAStepOfItsOwn() {
        let fixture = loaded()
        fixture.form.type("false", into: fixture.fields.paid)
        fixture.form.type("true", into: fixture.fields.paid)
        fixture.form.undo()
        XCTAssertEqual(fixture.paid.text, "false")
        fixture.form.undo()
        XCTAssertEqual(fixture.paid.text, "true")
    }

    func testEachPickedRecordIsAStepOfItsOwn() {
        let fixture = loaded()
        fixture.form.type("8", into: fixture.fields.customer)
        fixture.form.type("9", into: fixture.fields.customer)
        fixture.form.undo()
        XCTAssertEqual(fixture.customer.text, "8")
    }

    func testUndoingAnAddedRowRemovesItAndRedoPutsTheSameRowBack() {
        let fixture = loaded()
        let row = fixture.addLine("Glue", quantity: "1", price: "2")
        // The add and the four fields typed are five steps.
        for _ in 0..<5 { fixture.form.undo() }
        XCTAssertEqual(fixture.lines.count, 3)
        XCTAssertNil(fixture.lines.index(of: row))
        fixture.form.redo()
        XCTAssertEqual(fixture.lines.index(of: row), 3)
    }

    func testUndoingARemovePutsTheSameRowBackWhereItWasWithWhatWasTyped() {
        let fixture = loaded()
        let ink = fixture.lines.rows[1]
        fixture.type("Toner", into: .description, of: ink)
        let made = fixture.rowFormsMade.value
        fixture.lines.remove(ink)
        fixture.form.undo()
        XCTAssertEqual(fixture.lines.index(of: ink), 1)
        XCTAssertEqual(fixture.text(.description, in: ink), "Toner")
        XCTAssertEqual(fixture.rowFormsMade.value, made, "the row's own form comes back, not a new one")
        fixture.form.undo()
        XCTAssertEqual(fixture.text(.description, in: ink), "Ink")
    }

    func testUndoingAMoveMovesTheRowBack() {
        let fixture = loaded()
        let rows = fixture.lines.rows
        fixture.lines.moveDown(rows[0])
        fixture.lines.moveDown(rows[0])
        fixture.form.undo()
        XCTAssertEqual(fixture.lines.rows, [rows[1], rows[0], rows[2]])
        fixture.form.undo()
        XCTAssertEqual(fixture.lines.rows, rows)
        fixture.form.redo()
        XCTAssertEqual(fixture.lines.rows, [rows[1], rows[0], rows[2]])
    }

    func testUndoSpansTheFormAndItsRowsInTheOrderChangesWereMade() {
        let fixture = loaded()
        let paper = fixture.lines.rows[0]
        fixture.form.type("X", into: fixture.fields.number)
        fixture.type("5", into: .quantity, of: paper)
        fixture.form.type("Y", into: fixture.fields.number)
        fixture.form.undo()
        XCTAssertEqual(fixture.number.text, "X")
        XCTAssertEqual(fixture.text(.quantity, in: paper), "5")
        fixture.form.undo()
        XCTAssertEqual(fixture.text(.quantity, in: paper), "2")
        XCTAssertEqual(fixture.totalText.text, "28.9", "undo recomputes the total")
    }

    func testANewChangeAfterUndoDropsTheRedoSteps() {
        let fixture = loaded()
        fixture.form.type("A", into: fixture.fields.number)
        fixture.form.undo()
        XCTAssertTrue(fixture.form.canRedo)
        fixture.form.type("B", into: fixture.fields.number)
        XCTAssertFalse(fixture.form.canRedo)
    }

    func testUndoingEverythingMakesTheFormCleanAgain() {
        let fixture = loaded()
        fixture.form.type("A", into: fixture.fields.number)
        fixture.form.type("false", into: fixture.fields.paid)
        fixture.lines.remove(fixture.lines.rows[2])
        fixture.type("9", into: .quantity, of: fixture.lines.rows[0])
        while fixture.form.undo() {}
        XCTAssertFalse(fixture.form.isDirty)
    }

    func testUndoFixesTheErrorItUndoes() {
        let fixture = loaded()
        fixture.form.type("", into: fixture.fields.number)
        XCTAssertEqual(fixture.form.fieldsInError, [fixture.fields.number])
        fixture.form.undo()
        XCTAssertEqual(fixture.form.fieldsInError, [])
    }

    /// An input that reports every change of its text, as a GTK entry's "changed" signal does.
    private final class SignallingInput: FormInput {
        typealias Output = String
        var changed: (() -> Void)?
        var text: String? { didSet { changed?() } }
    }

    func testTextAWidgetReportsWhileUndoOrLoadSetItIsNoNewStep() {
        struct Note { var text = "" }
        let form = Form<Note>(prototype: Note())
        let input = SignallingInput()
        let field = form.bind(input, to: \.text)
        form.addRow([FormElement(field)])
        input.changed = { form.edited(field) }
        form.load(Note(text: "a"))
        XCTAssertFalse(form.canUndo, "load is no step")
        input.text = "ab"
        XCTAssertTrue(form.canUndo)
        form.undo()
        XCTAssertEqual(input.text, "a")
        XCTAssertTrue(form.canRedo, "the change undo made is no new step")
        XCTAssertFalse(form.canUndo)
        form.redo()
        XCTAssertEqual(input.text, "ab")
        XCTAssertFalse(form.canRedo)
    }

    func testLoadForgetsTheHistory() {
        let fixture = loaded()
        fixture.form.type("A", into: fixture.fields.number)
        fixture.form.load(InvoiceFixture.sample)
        XCTAssertFalse(fixture.form.canUndo)
    }
}
