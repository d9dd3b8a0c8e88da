import Foundation

/// The checks on a field's value, as the typed API's rules (`Rule`) make them: the same checks
/// and the same translated messages.
///
/// Each is optional; JSON leaves out what is not set. `minimum` and `maximum` apply to numbers,
/// the lengths and `pattern` to text.
public struct FieldRules: Hashable, Sendable {
    /// The field may not be left empty (a yes/no field must be yes: a consent).
    public var required: Bool
    /// The smallest number allowed.
    public var minimum: Decimal?
    /// The largest number allowed.
    public var maximum: Decimal?
    /// The fewest characters allowed.
    public var minLength: Int?
    /// The most characters allowed.
    public var maxLength: Int?
    /// A regular expression (ICU syntax) the whole text must match.
    public var pattern: String?
    /// What people read when the text does not match `pattern`, in plain words ("Enter 5 digits").
    public var patternMessage: String?

    /// Rules; by default none.
    public init(required: Bool = false, minimum: Decimal? = nil, maximum: Decimal? = nil,
                minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil, patternMessage: String? = nil) {
        self.required = required
        self.minimum = minimum
        self.maximum = maximum
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.patternMessage = patternMessage
    }

    /// No rules.
    public static let none = FieldRules()
}

extension FieldRules: Codable {
    private enum Keys: String, CodingKey {
        case required, minimum, maximum, minLength, maxLength, pattern, patternMessage
    }

    /// Reads the rules that are there.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        required = try container.decodeIfPresent(Bool.self, forKey: .required) ?? false
        minimum = try DecimalText.decodeIfPresent(container, .minimum)
        maximum = try DecimalText.decodeIfPresent(container, .maximum)
        minLength = try container.decodeIfPresent(Int.self, forKey: .minLength)
        maxLength = try container.decodeIfPresent(Int.self, forKey: .maxLength)
        pattern = try container.decodeIfPresent(String.self, forKey: .pattern)
        patternMessage = try container.decodeIfPresent(String.self, forKey: .patternMessage)
    }

    /// Writes the rules that are set; numbers as text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        if required { try container.encode(true, forKey: .required) }
        try container.encodeIfPresent(minimum?.description, forKey: .minimum)
        try container.encodeIfPresent(maximum?.description, forKey: .maximum)
        try container.encodeIfPresent(minLength, forKey: .minLength)
        try container.encodeIfPresent(maxLength, forKey: .maxLength)
        try container.encodeIfPresent(pattern, forKey: .pattern)
        try container.encodeIfPresent(patternMessage, forKey: .patternMessage)
    }
}
