import Foundation
import FormDefinitions

/// A `.pinform-form` file: a form's definition as JSON, to share a form between desks.
enum DesignerFormFile {
    /// The file's bytes for `definition`.
    static func encode(_ definition: FormDefinition) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(definition)
    }

    /// The definition in `data`.
    static func decode(_ data: Data) throws -> FormDefinition {
        try JSONDecoder().decode(FormDefinition.self, from: data)
    }
}
