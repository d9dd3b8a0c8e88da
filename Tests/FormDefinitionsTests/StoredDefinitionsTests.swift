import FormDefinitions
import Foundation
import XCTest

/// Definitions read back from the records file or a shared database are checked as a file is
/// (issue 39: a stored form with fields "f-a" and "f_a" trapped the app each time it opened).
final class StoredDefinitionsTests: XCTestCase {
    private struct Stored {
        var id: String
        var document: Data
    }

    private func stored(_ definition: FormDefinition) -> Stored {
        Stored(id: definition.id.rawValue, document: FormDocument.encode(definition))
    }

    private func read(_ stored: [Stored]) -> (accepted: [FormDefinitionID], refused: [RefusedDefinition]) {
        let read = StoredDefinitions.read(stored, id: \.id, document: \.document)
        return (read.accepted.map { $0.definition.id }, read.refused)
    }

    private let colliding = FormDefinition(id: "form-bad", name: "Member", fields: [
        FieldDefinition(id: "f-a", label: "First", kind: .text(.plain)),
        FieldDefinition(id: "f_a", label: "Second", kind: .text(.plain)),
    ])

    func testAStoredDefinitionWithCollidingColumnsIsRefusedSayingWhy() {
        let found = read([stored(FormTemplates.contact), stored(colliding), stored(FormTemplates.member)])
        XCTAssertEqual(found.accepted, [FormTemplates.contact.id, FormTemplates.member.id])
        XCTAssertEqual(found.refused, [RefusedDefinition(
            id: "form-bad", name: "Member",
            message: "“Second” and “First” cannot both be kept: their ids “f_a” and “f-a” name one stored column")])
    }

    func testADamagedOrNewerStoredDocumentIsRefusedSayingWhy() {
        var newer = String(decoding: FormDocument.encode(FormTemplates.contact), as: UTF8.self)
        newer = newer.replacingOccurrences(of: #""formatVersion" : 1"#, with: #""formatVersion" : 2"#)
        let found = read([Stored(id: "form-x", document: Data("{".utf8)), Stored(id: "form-y", document: Data(newer.utf8))])
        XCTAssertEqual(found.accepted, [])
        XCTAssertEqual(found.refused.map(\.message), [
            "This file is not a Pinform form", "This form was made by a newer Pinform — update Pinform to open it",
        ])
    }

    func testTwoFormsWhoseTablesCollideKeepOnlyTheFirst() {
        var other = FormTemplates.contact
        other.id = FormDefinitionID(FormTemplates.contact.id.rawValue.uppercased())
        other.name = "Other"
        let found = read([stored(FormTemplates.contact), stored(other)])
        XCTAssertEqual(found.accepted, [FormTemplates.contact.id])
        XCTAssertEqual(found.refused.map(\.message), ["Its records would be stored with those of “\(FormTemplates.contact.name)”"])
    }

    func testALinkToAFormNotStoredDoesNotRefuseTheForm() {
        let linking = FormDefinition(id: "form-linking", name: "Visit", fields: [
            FieldDefinition(id: "doctor", label: "Doctor", kind: .link(form: "form-gone")),
        ])
        XCTAssertEqual(read([stored(linking)]).accepted, ["form-linking"])
    }
}
