import FormDefinitions
import Foundation
@testable import PinformModels
import Storage
import XCTest

/// `DefinitionCheck` (headless, below `Storage`) names a field's column as a defined form's
/// store does (`DefinedNames`, `StoredNames`) but compares names by a rule of its own; here the
/// record store itself is asked, so that the two rules cannot drift apart (issue 39: the check
/// compared raw ids, the store lowercased punctuated names, and the app trapped).
final class StoredColumnCheckTests: XCTestCase {
    private struct Row: Codable {
        var text = ""
    }

    /// Whether `RecordStore` refuses the columns of `definition`'s fields as two of one name.
    private func storeRefuses(_ definition: FormDefinition) throws -> Bool {
        let columns: [Column<Row>] = definition.fields.map { .text(DefinedNames.column(of: $0.id), \.text) }
        let database = try Database.inMemory()
        switch Result(catching: { () throws(StoreError) in
            try RecordStore<Row>(database: database, table: DefinedNames.table(of: definition.id), columns: columns)
        }) {
        case .success: return false
        case .failure(.duplicateColumn): return true
        case .failure(let other): throw other
        }
    }

    func testTheCheckRefusesExactlyTheFieldIdsWhoseColumnsTheStoreRefuses() throws {
        // The longest ids a definition may have are 61 characters long (`StoredNames.isStorable`).
        let stem = String(repeating: "x", count: 59)
        let ids: [FieldDefinitionID] = [
            "a", "A", "a-", "a_", "a.", "é", "e", "_", "-", "ab", "aB", "a b", "ä", "a\u{301}", "ß", "ss", "SS", "ǅ", "k", "\u{212A}",
            FieldDefinitionID(stem + "1"), FieldDefinitionID(stem + "2"), FieldDefinitionID(stem + "12"), FieldDefinitionID(stem + "13"),
        ]
        var refusals = 0
        for first in ids {
            for second in ids where first != second {
                let definition = FormDefinition(id: "form-test", name: "Test", fields: [
                    FieldDefinition(id: first, label: "One", kind: .date), FieldDefinition(id: second, label: "Two", kind: .date),
                ])
                let checked = !DefinitionCheck.problems(in: definition, existingForms: []).isEmpty
                XCTAssertEqual(checked, try storeRefuses(definition), "\(first.rawValue) and \(second.rawValue)")
                if checked { refusals += 1 }
            }
        }
        XCTAssertGreaterThan(refusals, 20, "the pairs include ones the store refuses")
    }
}
