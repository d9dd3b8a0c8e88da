@testable import Controls
import Foundation
import FormDefinitions
@_spi(Testing) import Gtk
import XCTest
@testable import Pinform
@_spi(Testing) @testable import PinformModels
import PinformCore
import Storage
import TestFolders

/// The form designer on real widgets over a real records database: what Save refuses (and
/// where it says so), the order and rows of the fields, and a save that makes the form a model.
final class FormDesignerTests: TemporaryFolderTestCase {
    private func withDesigner(_ body: @MainActor (FormDesignerWindow, RecordsDatabase, () -> FormDefinition?) throws -> Void) throws {
        let paths = self.paths
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths)
            DefinedForms.shared.forgetAll()
            DefinedForms.shared.load(from: records)
            defer { DefinedForms.shared.forgetAll(); records.close() }
            var saved: FormDefinition?
            let designer = FormDesignerWindow(editing: nil, parent: nil, context: ModelContext(records: records)) { saved = $0 }
            defer { designer.window.destroy() }
            try body(designer, records, { saved })
        }
    }

    func testAComputedFieldThatRefersToItselfIsRefusedUnderItsExpression() throws {
        try withDesigner { designer, _, saved in
            designer.nameEntry.text = "Club"
            designer.addField()
            let field = try XCTUnwrap(designer.editors.last)
            field.nameEntry.text = "Total"
            field.kindDropDown.selectedIndex = FormDesignerKind.computed.rawValue
            field.expressionEntry.text = "Total + 1"
            designer.save()
            XCTAssertNil(saved(), "a form whose computed field refers to itself was saved")
            XCTAssertTrue(field.expressionError.isVisible)
            XCTAssertFalse(field.expressionError.text.isEmpty)
            XCTAssertTrue(designer.problemLabel.isVisible)
            XCTAssertTrue(DefinedForms.shared.definitions.isEmpty)
        }
    }

    func testRenamingAFieldRenamesItInTheExpressionsThatNameIt() throws {
        try withDesigner { designer, _, _ in
            designer.nameEntry.text = "Club"
            designer.addField()
            let fee = try XCTUnwrap(designer.editors.last)
            fee.nameEntry.text = "Fee"
            fee.kindDropDown.selectedIndex = FormDesignerKind.decimal.rawValue
            designer.addField()
            let total = try XCTUnwrap(designer.editors.last)
            total.kindDropDown.selectedIndex = FormDesignerKind.computed.rawValue
            total.expressionEntry.text = "Fee * 2"
            fee.nameEntry.text = "Yearly fee"
            XCTAssertEqual(total.expressionEntry.text, "[Yearly fee] * 2")
        }
    }

    func testARemovedFieldIsListedAndRestoredWithItsIdentity() throws {
        try withDesigner { designer, records, _ in
            let club = FormDefinition(id: "club", name: "Club", fields: [
                FieldDefinition(id: "name", label: "Name", kind: .text(.plain)),
                FieldDefinition(id: "phone", label: "Phone", kind: .text(.phone)),
            ])
            try DefinedForms.shared.save(club)
            var saved: FormDefinition?
            let editing = FormDesignerWindow(editing: club, parent: nil, context: ModelContext(records: records)) { saved = $0 }
            defer { editing.window.destroy() }
            XCTAssertFalse(editing.removedBox.isVisible)
            editing.remove(try XCTUnwrap(editing.editors.last))
            XCTAssertEqual(editing.definition.removed.map(\.id), ["phone"])
            XCTAssertTrue(editing.removedBox.isVisible)
            let removed = editing.definition.removed[0]
            editing.restore(removed)
            XCTAssertFalse(editing.removedBox.isVisible)
            XCTAssertEqual(editing.definition.fields.map(\.id), ["name", "phone"])
            XCTAssertEqual(editing.definition.removed, [])
            editing.save()
            XCTAssertEqual(saved?.fields.map(\.id), ["name", "phone"])
        }
    }

    func testEveryTemplateLoadsAndSavesAsItIsWithItsPreview() throws {
        try withDesigner { designer, _, _ in
            for (index, template) in FormTemplates.all.enumerated() {
                designer.templateDropDown.selectedIndex = index + 1
                var expected = template
                expected.id = designer.base.id
                // The designer lists the fields in the order of the rows.
                let inRows = expected.rows.flatMap(\.fields).compactMap(expected.field)
                XCTAssertEqual(designer.definition.fields, inRows, "\(template.name) changed on its way through the designer")
                XCTAssertEqual(designer.definition.rows, expected.rows, template.name)
                designer.rebuildPreview()
                let preview = try XCTUnwrap(designer.previewForm)
                XCTAssertEqual(preview.form.layout.placedFields.count, template.fields.count, template.name)
                XCTAssertTrue(FormDesignerCheck.problems(of: designer.definition).isEmpty, template.name)
            }
        }
    }

    func testAMinimumAboveTheMaximumIsRefusedUnderTheField() throws {
        try withDesigner { designer, _, saved in
            designer.nameEntry.text = "Club"
            designer.addField()
            let field = try XCTUnwrap(designer.editors.last)
            field.kindDropDown.selectedIndex = FormDesignerKind.wholeNumber.rawValue
            field.minimumEntry.text = "10"
            field.maximumEntry.text = "1"
            designer.save()
            XCTAssertNil(saved())
            XCTAssertTrue(field.problemLabel.isVisible)
            field.maximumEntry.text = "100"
            designer.save()
            XCTAssertEqual(saved()?.fields.first?.rules.maximum, 100)
        }
    }

    func testFieldsMoveAndJoinRowsAndASaveMakesTheFormAModel() throws {
        try withDesigner { designer, records, saved in
            designer.nameEntry.text = "Member"
            for name in ["Name", "Email", "Phone"] {
                designer.addField()
                designer.editors.last?.nameEntry.text = name
            }
            designer.move(try XCTUnwrap(designer.editors.last), by: -1)
            XCTAssertEqual(designer.definition.fields.map(\.label), ["Name", "Phone", "Email"])
            XCTAssertFalse(designer.editors[0].moveUpButton.isSensitive)
            designer.editors[1].joinCheck.isActive = true
            XCTAssertEqual(designer.definition.layout.map(\.cells.count), [2, 1])
            designer.remove(designer.editors[2])
            XCTAssertEqual(designer.definition.fields.map(\.label), ["Name", "Phone"])
            designer.save()
            let made = try XCTUnwrap(saved())
            XCTAssertEqual(DefinedForms.shared.definitions.map(\.name), ["Member"])
            XCTAssertTrue(ModelRegistry.models.contains { $0.settingsKey == "form." + made.id.rawValue })
            records.openIfNeeded()
            let stored = try FormDefinitionStore(database: try XCTUnwrap(records.database)).definition(id: made.id.rawValue)
            XCTAssertEqual(try stored.map { try FormDocument.decode($0.document) }, made)
        }
    }
}
