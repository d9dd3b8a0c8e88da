import Foundation

/// The stable id of a ``FormDefinition``: given once, when the form is made, and never changed —
/// renaming the form keeps it, so links to its records stay.
///
/// It is any non-empty text (new forms get a random one, ``make()``); JSON writes it as a string.
public struct FormDefinitionID: Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible {
    /// The id's text.
    public let rawValue: String

    /// The id `rawValue`.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The id written as a literal: `"form-member"`.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// A new id no other form has: "form-" and 12 random hexadecimal digits.
    public static func make() -> FormDefinitionID {
        FormDefinitionID("form-" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12))
    }

    /// Orders by text, for stable output.
    public static func < (lhs: FormDefinitionID, rhs: FormDefinitionID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The id's text.
    public var description: String { rawValue }

    /// Reads a JSON string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
