import Foundation

/// The stable id of a field in a ``FormDefinition``: given once, when the field is added, and
/// never changed — renaming a field keeps it, so its values stay with it.
///
/// It is any non-empty text (new fields get a random one, ``make()``); JSON writes it as a string.
public struct FieldDefinitionID: Hashable, Comparable, Sendable, Codable, CodingKeyRepresentable,
    ExpressibleByStringLiteral, CustomStringConvertible {
    /// The id's text.
    public let rawValue: String

    /// The id `rawValue`.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The id written as a literal: `"f-age"`.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// A new id no other field has: "f-" and 12 random hexadecimal digits.
    public static func make() -> FieldDefinitionID {
        FieldDefinitionID("f-" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12))
    }

    /// Orders by text, for stable output.
    public static func < (lhs: FieldDefinitionID, rhs: FieldDefinitionID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The id's text.
    public var description: String { rawValue }

    /// The id as a dictionary key in JSON.
    public var codingKey: any CodingKey { Key(stringValue: rawValue) }

    /// Reads a dictionary key of JSON.
    public init?<T: CodingKey>(codingKey: T) {
        self.rawValue = codingKey.stringValue
    }

    /// Reads a JSON string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
