import Foundation
import XCTest
@testable import Forms

final class DraftAndRepeatTests: XCTestCase {
    private typealias Invoice = InvoiceFixture.Invoice

    // MARK: Drafts

    private func halfTyped() -> InvoiceFixture {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        fixture.form.type("2026-0", into: fixture.fields.number)
        fixture.form.type("31.11.2026", into: fixture.fields.issued)   // wrong, kept as typed
        fixture.lines.remove(fixture.lines.rows[0])
        fixture.lines.move(fixture.lines.rows[1], to: 0)
        fixture.addLine("Glue", quantity: "2,", price: "1.05")
        return fixture
    }

    func testADraftRestoresExactlyWhatWasTypedIntoAFreshForm() throws {
        let typed = halfTyped()
        let draft = typed.form.draft()
        let data = try JSONEncoder().encode(draft)
        let fresh = InvoiceFixture()
        fresh.form.load(InvoiceFixture.sample)
        try fresh.form.restore(JSONDecoder().decode(FormDraft.self, from: data))
        XCTAssertEqual(fresh.form.draft(), draft)
        XCTAssertEqual(fresh.number.text, "2026-0")
        XCTAssertEqual(fresh.issued.text, "31.11.2026")
        XCTAssertEqual(fresh.lines.rows, typed.lines.rows, "rows keep their identities")
        XCTAssertEqual(fresh.lines.rows.map { fresh.text(.description, in: $0) }, ["Stamps", "Ink", "Glue"])
        XCTAssertEqual(fresh.text(.quantity, in: fresh.lines.rows[2]), "2,")
    }

    func testARestoredDraftIsDirtyComputesItsTotalAndShowsItsErrors() throws {
        let typed = halfTyped()
        let fresh = InvoiceFixture()
        fresh.form.load(InvoiceFixture.sample)
        try fresh.form.restore(typed.form.draft())
        XCTAssertTrue(fresh.form.isDirty)
        XCTAssertEqual(fresh.totalText.text, typed.totalText.text)
        XCTAssertEqual(fresh.form.fieldsInError, [fresh.fields.issued, fresh.lines.field])
        XCTAssertEqual(fresh.lines.rowsInError, [fresh.lines.rows[2]])
        XCTAssertFalse(fresh.form.canUndo)
    }

    func testRowsAddedAfterARestoreGetNewIdentities() throws {
        let typed = halfTyped()
        let fresh = InvoiceFixture()
        try fresh.form.restore(typed.form.draft())
        let row = fresh.lines.add()
        XCTAssertFalse(typed.lines.rows.contains(row))
    }

    func testADraftOfTheSameFormRoundTripsAfterEditsAndUndo() throws {
        let typed = halfTyped()
        let before = typed.form.draft()
        typed.form.type("other", into: typed.fields.number)
        typed.form.undo()
        XCTAssertEqual(typed.form.draft(), before)
    }

    func testADraftThatDoesNotFitIsRefusedAndChangesNothing() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        var draft = halfTyped().form.draft()
        draft.fields.removeLast()
        XCTAssertThrowsError(try fixture.form.restore(draft)) { error in
            XCTAssertEqual((error as? FormDraft.Mismatch)?.description, "The unsaved draft no longer fits this form")
        }
        var rows = halfTyped().form.draft()
        rows.fields[5] = .rows([FormDraft.Row(id: RowID(rawValue: 1), form: FormDraft(fields: [.text("a")]))])
        XCTAssertThrowsError(try fixture.form.restore(rows))
        XCTAssertEqual(fixture.number.text, "2026-017")
        XCTAssertEqual(fixture.lines.count, 3)
    }

    func testADraftKeepsNothingOfComputedFields() {
        let draft = halfTyped().form.draft()
        XCTAssertEqual(draft.fields.last, FormDraft.Field.none)
    }

    // MARK: Repeat last value

    func testARepeatedFieldStartsTheNextRecordWithTheLastSavedValue() {
        let fixture = InvoiceFixture()
        fixture.form.repeatLastValue(of: fixture.fields.issued)
        fixture.form.type("A-1", into: fixture.fields.number)
        fixture.form.type("2026-12-01", into: fixture.fields.issued)
        fixture.form.markSaved()
        fixture.form.startNewRecord()
        XCTAssertEqual(fixture.issued.text, "2026-12-01")
        XCTAssertEqual(fixture.number.text, "")
        XCTAssertFalse(fixture.form.isDirty)
        XCTAssertTrue(fixture.form.repeatsLastValue(fixture.fields.issued))
        XCTAssertFalse(fixture.form.repeatsLastValue(fixture.fields.number))
    }

    func testTheRepeatedValueIsTheSavedOneNotWhatWasTypedAfter() {
        let fixture = InvoiceFixture()
        fixture.form.repeatLastValue(of: fixture.fields.issued)
        fixture.form.type("2026-12-01", into: fixture.fields.issued)
        fixture.form.markSaved()
        fixture.form.type("2026-12-24", into: fixture.fields.issued)
        fixture.form.startNewRecord()
        XCTAssertEqual(fixture.issued.text, "2026-12-01")
    }

    func testARepeatedValueIsInTheModelAsTypedOfTheNewRecord() throws {
        let fixture = InvoiceFixture()
        fixture.form.repeatLastValue(of: fixture.fields.currency)
        fixture.form.type("usd", into: fixture.fields.currency)
        fixture.form.markSaved()
        fixture.form.startNewRecord()
        XCTAssertEqual(fixture.form.modelAsTyped?.currency, .usd)
        fixture.form.type("B-2", into: fixture.fields.number)
        fixture.form.type("2026-12-02", into: fixture.fields.issued)
        fixture.form.type("false", into: fixture.fields.paid)
        XCTAssertEqual(try fixture.form.resolve(Invoice()).get().currency, .usd)
    }

    func testBeforeAnySaveARepeatedFieldStartsEmpty() {
        let fixture = InvoiceFixture()
        fixture.form.repeatLastValue(of: fixture.fields.issued)
        fixture.form.type("2026-12-01", into: fixture.fields.issued)
        fixture.form.startNewRecord()
        XCTAssertEqual(fixture.issued.text, "")
    }
}
