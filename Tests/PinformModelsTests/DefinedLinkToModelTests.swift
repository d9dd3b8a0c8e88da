@testable import Controls
import Foundation
import FormDefinitions
import Forms
@_spi(Testing) import Gtk
import PinformCore
@testable import PinformModels
import Storage
import XCTest
import TestFolders

/// A link field of a form made in the app pointing at a model written in Swift (an intake
/// form's patient is a Person): accepted by the check, chosen in the form from the people,
/// imported by id, listed by the person's summary, and the person not deleted while linked.
final class DefinedLinkToModelTests: TemporaryFolderTestCase {
    private static let intake = FormDefinition(id: "intake", name: "Intake", fields: [
        FieldDefinition(id: "reason", label: "Reason", kind: .text(.plain)),
        FieldDefinition(id: "patient", label: "Patient", kind: .link(form: .model("person"))),
    ])

    func testALinkToAPersonIsATargetTheCheckAccepts() {
        GtkRuntime.test {
            XCTAssertEqual(FormDefinitionID.model("person").modelKey, "person")
            XCTAssertNil(FormDefinitionID("form-abc").modelKey)
            XCTAssertTrue(DefinedLinkTargets.model(for: .model("person")) == Person.self)
            XCTAssertNil(DefinedLinkTargets.model(for: .model("nothing")))
            XCTAssertEqual(DefinedLinkTargets.all(excluding: "intake").prefix(3).map(\.id), [.model("person"), .model("size"), .model("invoice")])
            XCTAssertEqual(DefinitionCheck.problems(in: Self.intake, existingForms: DefinedLinkTargets.ids).map(\.message), [])
            XCTAssertFalse(DefinitionCheck.problems(in: Self.intake, existingForms: []).isEmpty, "a link to nothing was accepted")
        }
    }

    func testAnIntakeLinksToAPersonListsThemAndKeepsThemFromBeingDeleted() throws {
        try withDefinedForms { records, forms in
            let people = try records.store(Person.self)
            let ada = InvoiceFormTests.ada
            let adaID = try people.insert(ada)
            try forms.save(Self.intake)
            let model = try XCTUnwrap(forms.model(for: "intake") as? DefinedModel<DefinedSlot0>.Type)
            let context = ModelContext(records: records)

            let view = model.makeForm(context)
            let choosers = view.form.fields.compactMap { view.form.object(for: $0) as? ReferenceChooser<Person> }
            XCTAssertEqual(choosers.count, 1, "the patient is not chosen from the people")

            // CSV import (and export: the stored column) carries the person's id.
            let reader = model.makeRowReader(context)
            let visit = try reader.resolve([0: "Check-up", 1: String(adaID.rawValue)]).get()
            XCTAssertEqual(visit.record[link: "patient"], String(adaID.rawValue))
            let store = try records.store(model)
            let visitID = try store.insert(visit)

            let patient = try XCTUnwrap(model.listColumns(context).first { $0.title == "Patient" })
            XCTAssertEqual(patient.text(visit), ada.summary, "the list does not show the linked person")

            let refusal = try XCTUnwrap(Person.deletionRefusal(of: [adaID], context), "a linked person could be deleted")
            XCTAssertTrue(refusal.contains("Intake"), refusal)
            XCTAssertNil(Person.deletionRefusal(of: [RecordID(adaID.rawValue + 1)], context), "an unlinked person was refused")
            XCTAssertTrue(try store.delete(id: visitID))
            XCTAssertNil(Person.deletionRefusal(of: [adaID], context), "the person is still refused once no record links to them")
        }
    }
}
