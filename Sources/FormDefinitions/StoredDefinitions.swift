import Foundation
import Localization

/// A stored definition that is not used, and why: its records stay where they are.
public struct RefusedDefinition: Hashable, Sendable {
    /// The id it is stored under.
    public let id: String
    /// The form's name when its document reads, else its id.
    public let name: String
    /// Why it is not used, translated: "Two fields have the id “a”".
    public let message: String

    /// A refusal of the form stored as `id`.
    public init(id: String, name: String, message: String) {
        self.id = id
        self.name = name
        self.message = message
    }
}

/// Definitions read back from where they are kept — the records file, a shared database's
/// server — checked as a file is before a form is made of them: a document that does not read,
/// a definition ``DefinitionCheck`` refuses, or one whose records' table is another's (ids
/// that differ only in case or punctuation) is refused, never used.
///
/// What was stored may have been written by anyone who could write there (another desk, an
/// older or newer Pinform, a hand with `sqlite3` or `psql`): it is input like any file.
public enum StoredDefinitions {
    /// The definitions of `stored` that may be used, in order, and the refused ones.
    /// - Parameters:
    ///   - id: the id an element is stored under.
    ///   - document: its `.pinform-form` document.
    public static func read<Stored>(_ stored: [Stored], id: (Stored) -> String, document: (Stored) -> Data)
        -> (accepted: [(stored: Stored, definition: FormDefinition)], refused: [RefusedDefinition]) {
        var accepted: [(stored: Stored, definition: FormDefinition)] = []
        var refused: [RefusedDefinition] = []
        var tables: [String: FormDefinition] = [:]
        for element in stored {
            let definition: FormDefinition
            do {
                definition = try FormDocument.decode(document(element))
            } catch {
                refused.append(RefusedDefinition(id: id(element), name: id(element), message: error.message))
                continue
            }
            let name = definition.name.trimmingCharacters(in: .whitespaces).isEmpty ? id(element) : definition.name
            if let problem = DefinitionCheck.problems(inStored: definition).first {
                refused.append(RefusedDefinition(id: id(element), name: name, message: problem.message))
                continue
            }
            let table = StoredNames.tableKey(of: definition.id)
            if let other = tables[table] {
                refused.append(RefusedDefinition(id: id(element), name: name, message: tr(
                    "Its records would be stored with those of “{form}”", ["form": other.name])))
                continue
            }
            tables[table] = definition
            accepted.append((element, definition))
        }
        return (accepted, refused)
    }
}

extension DefinitionCheck {
    /// The problems of a definition read back from where it is kept: every check of
    /// ``problems(in:existingForms:)`` but whether linked forms exist — they are read with it,
    /// and a link to one that is gone shows no records and traps nothing.
    public static func problems(inStored definition: FormDefinition) -> [DefinitionProblem] {
        problems(in: definition, existingForms: definition.linkedForms)
    }
}

extension FormDefinition {
    /// The forms its link fields (and line items' columns) link to.
    var linkedForms: Set<FormDefinitionID> {
        var forms: Set<FormDefinitionID> = []
        func collect(_ fields: [FieldDefinition]) {
            for field in fields {
                switch field.kind {
                case .link(let form): forms.insert(form)
                case .lines(let columns): collect(columns)
                default: break
                }
            }
        }
        collect(fields + removed)
        return forms
    }
}
