import Foundation
import XCTest
@testable import Forms

final class LineItemsTests: XCTestCase {
    private typealias Line = InvoiceFixture.Line
    private typealias Invoice = InvoiceFixture.Invoice

    func testLoadGivesARowPerItemShowingItsValues() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        XCTAssertEqual(fixture.lines.count, 3)
        let first = fixture.lines.rows[0]
        XCTAssertEqual(fixture.text(.description, in: first), "Paper")
        XCTAssertEqual(fixture.text(.quantity, in: first), "2")
        XCTAssertEqual(fixture.text(.unitPrice, in: first), "3.5")
        XCTAssertEqual(fixture.text(.taxRate, in: first), "0.2")
    }

    func testResolveAfterLoadGivesBackTheLinesAndKeepsWhatTheFormDoesNotShow() throws {
        let fixture = InvoiceFixture()
        var sample = InvoiceFixture.sample
        fixture.form.load(sample)
        sample.untouched = "other"
        let resolved = try fixture.form.resolve(sample).get()
        XCTAssertEqual(resolved.lines, sample.lines)
        XCTAssertEqual(resolved.untouched, "other")
        XCTAssertEqual(resolved.number, sample.number)
    }

    func testAddedRowsResolveInOrderOntoTheTemplatesPrototype() throws {
        let fixture = InvoiceFixture()
        fixture.form.load(Invoice(number: "1"))
        fixture.addLine("Paper", quantity: "2", price: "3.50")
        fixture.addLine("Ink", quantity: "1", price: "12")
        let invoice = try fixture.form.resolve(Invoice()).get()
        XCTAssertEqual(invoice.lines, [InvoiceFixture.line("Paper", "2", "3.50"), InvoiceFixture.line("Ink", "1", "12")])
    }

    func testANewRowShowsThePrototypesValues() {
        let fixture = InvoiceFixture()
        let row = fixture.lines.add()
        XCTAssertEqual(fixture.text(.quantity, in: row), "1")
        XCTAssertEqual(fixture.text(.description, in: row), "")
    }

    func testAddAtAnIndexInsertsThere() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        let row = fixture.lines.add(InvoiceFixture.line("Glue", "1", "2"), at: 1)
        XCTAssertEqual(fixture.lines.index(of: row), 1)
        XCTAssertEqual(fixture.text(.description, in: fixture.lines.rows[2]), "Ink")
    }

    func testRemovingARowResolvesWithoutIt() throws {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        fixture.lines.remove(fixture.lines.rows[1])
        let invoice = try fixture.form.resolve(Invoice()).get()
        XCTAssertEqual(invoice.lines.map(\.description), ["Paper", "Stamps"])
    }

    func testMovingARowReordersTheResolvedLinesAndKeepsItsIdentity() throws {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        let stamps = fixture.lines.rows[2]
        fixture.lines.move(stamps, to: 0)
        XCTAssertEqual(fixture.lines.rows[0], stamps)
        XCTAssertEqual(fixture.lines.index(of: stamps), 0)
        let invoice = try fixture.form.resolve(Invoice()).get()
        XCTAssertEqual(invoice.lines.map(\.description), ["Stamps", "Paper", "Ink"])
    }

    func testMoveUpAndDownStopAtTheEnds() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        let (paper, ink, stamps) = (fixture.lines.rows[0], fixture.lines.rows[1], fixture.lines.rows[2])
        fixture.lines.moveUp(paper)
        fixture.lines.moveDown(stamps)
        XCTAssertEqual(fixture.lines.rows, [paper, ink, stamps])
        fixture.lines.moveDown(paper)
        XCTAssertEqual(fixture.lines.rows, [ink, paper, stamps])
        fixture.lines.moveUp(stamps)
        XCTAssertEqual(fixture.lines.rows, [ink, stamps, paper])
    }

    func testEachRowIsValidatedByItsOwnRulesAndErrorsAreKeyedByRowIdentity() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        let ink = fixture.lines.rows[1]
        fixture.type("", into: .description, of: ink)
        fixture.type("2", into: .taxRate, of: ink)
        guard case .failure(let errors) = fixture.form.resolve(Invoice()) else { return XCTFail("must not resolve") }
        let rows = errors.rows(of: fixture.lines.field)
        XCTAssertEqual(Set(rows.keys), [ink])
        XCTAssertEqual(rows[ink]?[InvoiceFixture.LineField.description.id].map(\.reason), [.required])
        XCTAssertEqual(rows[ink]?[InvoiceFixture.LineField.taxRate.id].map(\.reason), [.outOfRange])
        XCTAssertEqual(errors.fields, [fixture.lines.field])
    }

    func testARowsErrorsFollowItWhenAnotherRowIsRemovedBeforeIt() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        let stamps = fixture.lines.rows[2]
        fixture.type("x", into: .quantity, of: stamps)
        fixture.lines.remove(fixture.lines.rows[0])
        guard case .failure(let errors) = fixture.form.resolve(Invoice()) else { return XCTFail("must not resolve") }
        XCTAssertEqual(errors[fixture.lines.field, stamps][InvoiceFixture.LineField.quantity.id].map(\.reason), [.notConvertible])
        XCTAssertEqual(fixture.lines.rowsInError, [stamps])
    }

    func testRowsInErrorFollowEveryKeystroke() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        let paper = fixture.lines.rows[0]
        fixture.type("-1", into: .quantity, of: paper)
        XCTAssertEqual(fixture.lines.rowsInError, [paper])
        XCTAssertEqual(fixture.form.fieldsInError, [fixture.lines.field])
        fixture.type("1", into: .quantity, of: paper)
        XCTAssertEqual(fixture.lines.rowsInError, [])
        XCTAssertEqual(fixture.form.fieldsInError, [])
    }

    func testRemovingOrMovingARowNeitherRebindsNorRevalidatesTheOtherRows() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        let made = fixture.rowFormsMade.value
        let checks = fixture.descriptionChecks.value
        fixture.lines.move(fixture.lines.rows[0], to: 2)
        fixture.lines.remove(fixture.lines.rows[1])
        fixture.lines.moveUp(fixture.lines.rows[1])
        XCTAssertEqual(fixture.rowFormsMade.value, made)
        XCTAssertEqual(fixture.descriptionChecks.value, checks)
    }

    func testAddingARowBindsOnlyThatRow() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        let made = fixture.rowFormsMade.value
        fixture.lines.add()
        XCTAssertEqual(fixture.rowFormsMade.value, made + 1)
    }

    func testAKeystrokeInOneRowOfAThousandValidatesThatRowAloneAndComputesOneTerm() {
        let fixture = InvoiceFixture()
        var invoice = Invoice(number: "1")
        invoice.lines = (0..<1_000).map { InvoiceFixture.line("Item \($0)", "1", "2") }
        fixture.form.load(invoice)
        let row = fixture.lines.rows[500]
        let (checks, terms) = (fixture.descriptionChecks.value, fixture.termCalls.value)
        fixture.type("Item 500b", into: .description, of: row)
        XCTAssertEqual(fixture.descriptionChecks.value - checks, 1, "the edited field is validated once, no other")
        XCTAssertEqual(fixture.termCalls.value - terms, 1, "the total takes the edited row's new term alone")
    }

    func testReloadingReusesTheRowFormsOfThePreviousLoad() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        let made = fixture.rowFormsMade.value
        fixture.form.load(InvoiceFixture.sample)
        XCTAssertEqual(fixture.rowFormsMade.value, made)
    }

    func testRowIdentitiesAreNeverReused() {
        let fixture = InvoiceFixture()
        let first = fixture.lines.add()
        fixture.lines.remove(first)
        let second = fixture.lines.add()
        XCTAssertNotEqual(first, second)
        fixture.form.load(InvoiceFixture.sample)
        XCTAssertFalse(fixture.lines.rows.contains(second))
    }

    // MARK: Dirty

    func testAFormWithRowsIsCleanAfterLoad() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        XCTAssertFalse(fixture.form.isDirty)
    }

    func testEditingARowMakesTheFormDirtyAndPuttingItBackCleansIt() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        let ink = fixture.lines.rows[1]
        fixture.type("Toner", into: .description, of: ink)
        XCTAssertTrue(fixture.form.isDirty)
        fixture.type("Ink", into: .description, of: ink)
        XCTAssertFalse(fixture.form.isDirty)
    }

    func testAddingRemovingAndMovingRowsMakeTheFormDirtyAndUndoingThemCleansIt() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        fixture.lines.add()
        XCTAssertTrue(fixture.form.isDirty)
        fixture.form.undo()
        XCTAssertFalse(fixture.form.isDirty)
        fixture.lines.remove(fixture.lines.rows[0])
        XCTAssertTrue(fixture.form.isDirty)
        fixture.form.undo()
        XCTAssertFalse(fixture.form.isDirty)
        fixture.lines.move(fixture.lines.rows[0], to: 1)
        XCTAssertTrue(fixture.form.isDirty)
        fixture.lines.move(fixture.lines.rows[1], to: 0)
        XCTAssertFalse(fixture.form.isDirty)
    }

    func testMarkCleanTakesTheRowsAsTheyAreNow() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        fixture.addLine("Glue", quantity: "1", price: "2")
        fixture.form.markClean()
        XCTAssertFalse(fixture.form.isDirty)
    }

    // MARK: Changes for a view

    func testTheListTellsAViewWhatChangedByRow() {
        let fixture = InvoiceFixture()
        fixture.form.load(InvoiceFixture.sample)
        var changes: [String] = []
        fixture.lines.onChange = { change in
            switch change {
            case .inserted(let row, let index): changes.append("inserted \(row.rawValue) at \(index)")
            case .removed(let row, let index): changes.append("removed \(row.rawValue) at \(index)")
            case .moved(let row, let from, let to): changes.append("moved \(row.rawValue) \(from)>\(to)")
            case .reloaded: changes.append("reloaded")
            }
        }
        let rows = fixture.lines.rows
        let added = fixture.lines.add()
        fixture.lines.move(added, to: 0)
        fixture.lines.remove(rows[0])
        fixture.form.load(InvoiceFixture.sample)
        XCTAssertEqual(changes, ["inserted \(added.rawValue) at 3", "moved \(added.rawValue) 3>0",
                                 "removed \(rows[0].rawValue) at 1", "reloaded"])
    }
}
