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

/// Delete Form… in the designer: refused while another form links to the form (naming it),
/// else the definition goes, its records stay hidden in their table, and saving the definition
/// again (the window's Undo) brings them back.
final class FormDesignerDeleteTests: TemporaryFolderTestCase {
    private static let member = FormDefinition(id: "club_member", name: "Member", fields: [
        FieldDefinition(id: "name", label: "Name", kind: .text(.plain)),
    ])
    private static let payment = FormDefinition(id: "club_payment", name: "Payment", fields: [
        FieldDefinition(id: "member", label: "Member", kind: .link(form: "club_member")),
        FieldDefinition(id: "amount", label: "Amount", kind: .decimal(places: 2)),
    ])

    func testAFormLinkedToIsNotDeletedAndTheOtherFormIsNamed() throws {
        try withDefinedForms { records, forms in
            try forms.save(Self.member)
            try forms.save(Self.payment)
            XCTAssertEqual(forms.forms(linkingTo: "club_member").map(\.name), ["Payment"])
            let designer = FormDesignerWindow(editing: Self.member, parent: nil, context: ModelContext(records: records)) { _ in }
            defer { designer.window.destroy() }
            XCTAssertTrue(designer.deleteButton.isVisible)
            var deleted: FormDefinition?
            designer.onDeleted = { deleted = $0 }
            designer.deleteForm()
            XCTAssertTrue(designer.problemLabel.isVisible)
            XCTAssertTrue(designer.problemLabel.text.contains("Payment"), designer.problemLabel.text)
            XCTAssertNil(deleted)
            XCTAssertEqual(forms.definitions.map(\.name), ["Member", "Payment"])
        }
    }

    func testADeletedFormsRecordsComeBackWhenItIsSavedAgain() throws {
        try withDefinedForms { records, forms in
            try forms.save(Self.member)
            let model = try XCTUnwrap(forms.model(for: "club_member") as? DefinedModel<DefinedSlot0>.Type)
            var record = DefinedRecord()
            record[text: "name"] = "Ada"
            _ = try records.store(model).insert(DefinedModel(record: record))
            XCTAssertEqual(forms.recordCount(of: "club_member"), 1)

            let designer = FormDesignerWindow(editing: Self.member, parent: nil, context: ModelContext(records: records)) { _ in }
            var deleted: FormDefinition?
            designer.onDeleted = { deleted = $0 }
            designer.delete(Self.member)
            XCTAssertEqual(deleted, Self.member)
            XCTAssertTrue(forms.definitions.isEmpty)
            XCTAssertNil(forms.model(for: "club_member"))

            // After a restart too, the form stays deleted.
            forms.forgetAll()
            records.closeFile()
            forms.load(from: records)
            XCTAssertTrue(forms.definitions.isEmpty)

            // Undo: the definition saved again finds its records.
            try forms.save(Self.member)
            XCTAssertEqual(forms.recordCount(of: "club_member"), 1)
            let again = try XCTUnwrap(forms.model(for: "club_member") as? DefinedModel<DefinedSlot0>.Type)
            XCTAssertEqual(try records.store(again).list().map(\.model.record[text: "name"]), ["Ada"])
        }
    }

    func testANewFormHasNoDeleteButton() {
        GtkRuntime.test {
            let designer = FormDesignerWindow(editing: nil, parent: nil, context: ModelContext(records: nil)) { _ in }
            defer { designer.window.destroy() }
            XCTAssertFalse(designer.deleteButton.isVisible)
        }
    }
}
