import Localization

/// A reference to a record of another model, typed by that model: an invoice's customer is a
/// `RecordRef<Person>`, and no `RecordRef<Invoice>` can be put in its place.
///
/// It holds the record's id (the store's row id). Its text is the id in decimal ("42"), what
/// a reference chooser puts in its input; people read the record's summary instead, from a
/// ``RecordLookup``. Bind it like any other value, with ``Rule/exists(in:message:)`` to check that the
/// record is still there:
///
/// ```swift
/// struct Invoice { var customer: RecordRef<Person>? }
/// form.bind(chooser, to: \.customer, rules: [.exists(in: people)])
/// ```
public struct RecordRef<Target>: Hashable, Comparable, Sendable, Codable {
    /// The referenced record's id: a positive row id.
    public let id: Int64

    /// A reference to the record with `id`.
    /// - Precondition: `id` is positive (row ids start at 1).
    public init(id: Int64) {
        precondition(id > 0, "a record id is positive")
        self.id = id
    }

    /// Orders references by id.
    public static func < (lhs: RecordRef, rhs: RecordRef) -> Bool {
        lhs.id < rhs.id
    }

    /// Decodes the bare id, e.g. `42`.
    public init(from decoder: any Decoder) throws {
        let id = try decoder.singleValueContainer().decode(Int64.self)
        guard id > 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(id) is not a record id"))
        }
        self.id = id
    }

    /// Encodes the bare id, e.g. `42`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }
}

extension RecordRef: StringTwoWayConvertible {
    /// Reads an id in ASCII decimal digits, surrounding whitespace allowed: "42".
    public init?(_ text: String) {
        guard case .success(let value) = Self.parse(text, using: .posix) else { return nil }
        self = value
    }

    /// The id in decimal: "42".
    public var description: String { String(id) }

    /// A record is picked from a list, not typed: each pick is its own undo step.
    public static var editsAreChoices: Bool { true }

    /// Reads a positive id ("42", any script's digits); anything else asks to choose a record.
    public static func parse(_ text: String, using parsing: NumberParsing) -> Result<RecordRef, ConversionError> {
        switch Int64.parse(text, using: parsing) {
        case .success(let id) where id > 0:
            return .success(RecordRef(id: id))
        case .failure(let failure) where failure.kind == .blank:
            return .failure(failure)
        default:
            // Translators: a reference field holds text that is not one of the records offered.
            return .failure(ConversionError(.malformed, message: tr("Choose a record from the list")))
        }
    }
}
