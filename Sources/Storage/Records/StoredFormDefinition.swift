import Foundation

/// A form definition as the records database keeps it: its stable identity, the version it
/// was saved at (1 for the first save, one more at each change) and its JSON document, opaque
/// to the store (`FormDefinitions` reads and writes it).
public struct StoredFormDefinition: Equatable, Sendable {
    /// The definition's stable identity: a letter, then letters, digits or `_`.
    public let id: String
    /// How many times it was saved: 1 for the first save.
    public let version: Int
    /// The definition's JSON document.
    public let document: Data

    /// A stored definition.
    public init(id: String, version: Int, document: Data) {
        self.id = id
        self.version = version
        self.document = document
    }
}
