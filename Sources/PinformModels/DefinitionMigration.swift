import Foundation
import FormDefinitions
import Forms

/// How a change of a form's definition changes its saved records' JSON, by the definitions'
/// own `DefinitionChange`: added fields get their default, removed fields keep their values
/// aside (restored when the field comes back), renamed fields keep theirs (values are keyed by
/// the field's stable identity), and a field whose kind changed has its value converted where it
/// can be and kept aside where it cannot.
enum DefinitionMigration {
    /// `json` (a record of `change.old`) as a record of `change.new`.
    static func migrate(_ json: Data, by change: DefinitionChange) throws -> Data {
        let record = try JSONDecoder().decode(DefinedRecord.self, from: json)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(change.apply(to: record))
    }
}
