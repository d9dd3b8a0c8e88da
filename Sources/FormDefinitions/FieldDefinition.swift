/// One field of a ``FormDefinition``: its stable id, its label in the user's words, its kind,
/// its rules and the value a new record (or an older record, when the field is added) gets.
public struct FieldDefinition: Hashable, Sendable, Identifiable {
    /// The stable id: it never changes, a rename keeps it.
    public var id: FieldDefinitionID
    /// What people read beside the input ("Birth date"); also the name expressions use.
    public var label: String
    /// What the field holds.
    public var kind: FieldKind
    /// The checks on its value.
    public var rules: FieldRules
    /// The value of a new record, and of older records when the field is added; `.none` for empty.
    public var defaultValue: FieldValue

    /// A field; a new id unless given.
    public init(id: FieldDefinitionID = .make(), label: String, kind: FieldKind,
                rules: FieldRules = .none, defaultValue: FieldValue = .none) {
        self.id = id
        self.label = label
        self.kind = kind
        self.rules = rules
        self.defaultValue = defaultValue
    }

    /// The expression of a computed field; nil for any other kind.
    public var expression: String? {
        if case .computed(let expression) = kind { return expression }
        return nil
    }
}

extension FieldDefinition: Codable {
    private enum Keys: String, CodingKey {
        case id, label, kind, rules, defaultValue = "default"
    }

    /// Reads a field; `rules` and `default` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        id = try container.decode(FieldDefinitionID.self, forKey: .id)
        label = try container.decode(String.self, forKey: .label)
        kind = try container.decode(FieldKind.self, forKey: .kind)
        rules = try container.decodeIfPresent(FieldRules.self, forKey: .rules) ?? .none
        defaultValue = try container.decodeIfPresent(FieldValue.self, forKey: .defaultValue) ?? .none
    }

    /// Writes a field; no rules and no default are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(label, forKey: .label)
        try container.encode(kind, forKey: .kind)
        if rules != .none { try container.encode(rules, forKey: .rules) }
        if defaultValue != .none { try container.encode(defaultValue, forKey: .defaultValue) }
    }
}
