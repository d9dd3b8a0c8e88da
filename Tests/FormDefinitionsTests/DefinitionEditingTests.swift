import FormDefinitions
import XCTest

final class DefinitionEditingTests: XCTestCase {
    private let definition = FormDefinition(id: "form-e", name: "E", fields: [
        FieldDefinition(id: "a", label: "Unit price", kind: .decimal(places: 2)),
        FieldDefinition(id: "b", label: "Quantity", kind: .wholeNumber),
        FieldDefinition(id: "c", label: "Total", kind: .computed(expression: "[Unit price] * Quantity + max(quantity, 1)")),
        FieldDefinition(id: "l", label: "Lines", kind: .lines(columns: [FieldDefinition(id: "q", label: "Quantity", kind: .wholeNumber)])),
        FieldDefinition(id: "s", label: "Sum", kind: .computed(expression: "sum(Lines.Quantity) + Quantity")),
    ])

    func testRenamingAFieldRewritesTheExpressionsThatNameIt() {
        let renamed = definition.renaming("b", to: "Count of items")
        XCTAssertEqual(renamed.field("b")?.label, "Count of items")
        XCTAssertEqual(renamed.field("c")?.expression, "[Unit price] * [Count of items] + max([Count of items], 1)")
        XCTAssertEqual(renamed.field("s")?.expression, "sum(Lines.Quantity) + [Count of items]")
        XCTAssertEqual(DefinitionCheck.problems(in: renamed, existingForms: []), [])
        XCTAssertEqual(DefinitionChange(from: definition, to: renamed).steps, [.renamed("b", from: "Quantity", to: "Count of items")])
    }

    func testRenamingAColumnRewritesOnlyTheColumn() {
        let renamed = definition.renaming("q", to: "Pieces")
        XCTAssertEqual(renamed.field("s")?.expression, "sum(Lines.[Pieces]) + Quantity")
        XCTAssertEqual(renamed.field("c")?.expression, definition.field("c")?.expression)
        XCTAssertEqual(DefinitionCheck.problems(in: renamed, existingForms: []), [])
    }

    func testLayoutByKeyboardJoinsSeparatesAndMoves() {
        var form = definition
        form.joinRowAbove("b")
        XCTAssertEqual(form.rows.map(\.fields), [["a", "b"], ["c"], ["l"], ["s"]])
        form.setWidth(3, of: "a")
        XCTAssertEqual(form.rows[0].cells.map(\.width), [3, 1])
        form.moveUp("b")
        XCTAssertEqual(form.rows.first?.fields, ["b", "a"])
        XCTAssertEqual(form.fields.map(\.id), ["b", "a", "c", "l", "s"])
        form.moveDown("a")
        XCTAssertEqual(form.rows.map(\.fields), [["b"], ["a"], ["c"], ["l"], ["s"]])
        form.moveDown("a")
        XCTAssertEqual(form.rows.map(\.fields), [["b"], ["c"], ["a"], ["l"], ["s"]])
        form.joinRowAbove("a")
        form.separate("a")
        XCTAssertEqual(form.rows.map(\.fields), [["b"], ["c"], ["a"], ["l"], ["s"]])
        form.moveUp("b")
        XCTAssertEqual(form.rows.first?.fields, ["b"])
    }
}
