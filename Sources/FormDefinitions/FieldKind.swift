/// What a field of a ``FormDefinition`` holds, and so which input it gets and how its value is
/// typed (``FieldValue``).
///
/// In JSON a kind is an object with a `"type"` and the kind's own keys, for example
/// `{"type": "money", "currency": "EUR"}` (see docs/forms.md, "The definition format").
public enum FieldKind: Hashable, Sendable {
    /// One line of text: plain, e-mail, phone or web address. Value: `.text`.
    case text(TextStyle)
    /// Several lines of text. Value: `.text`.
    case notes
    /// A whole number (64 bits). Value: `.integer`.
    case wholeNumber
    /// A decimal number with at most `places` digits after the separator. Value: `.decimal`.
    case decimal(places: Int)
    /// An amount of money in `currency` (an ISO 4217 code such as "EUR"), two places. Value: `.decimal`.
    case money(currency: String)
    /// A day of the calendar. Value: `.date`.
    case date
    /// One of `options`, as the user typed them. Value: `.choice`.
    case choice(options: [String])
    /// Yes or no (a switch). Value: `.yesNo`.
    case yesNo
    /// Line items: rows of the `columns` fields (which cannot be line items themselves). Value: `.lines`.
    case lines(columns: [FieldDefinition])
    /// A link to a record of the form `form`. Value: `.link` (the record's id).
    case link(form: FormDefinitionID)
    /// A value computed from other fields by `expression` (see ``Expression``); never typed.
    case computed(expression: String)

    /// The kind's name in JSON (`"type"`).
    public var typeName: String {
        switch self {
        case .text: "text"
        case .notes: "notes"
        case .wholeNumber: "wholeNumber"
        case .decimal: "decimal"
        case .money: "money"
        case .date: "date"
        case .choice: "choice"
        case .yesNo: "yesNo"
        case .lines: "lines"
        case .link: "link"
        case .computed: "computed"
        }
    }

    /// Whether the value is a number (whole, decimal or money): what min and max apply to.
    public var isNumber: Bool {
        switch self {
        case .wholeNumber, .decimal, .money: true
        default: false
        }
    }

    /// Whether the value is text (one line or notes): what lengths and a pattern apply to.
    public var isText: Bool {
        switch self {
        case .text, .notes: true
        default: false
        }
    }

    /// The digits allowed after the separator: `places`, 2 for money, 0 for whole numbers,
    /// nil for anything else.
    public var places: Int? {
        switch self {
        case .wholeNumber: 0
        case .decimal(let places): places
        case .money: 2
        default: nil
        }
    }
}

extension FieldKind: Codable {
    private enum Keys: String, CodingKey {
        case type, style, places, currency, options, columns, form, expression
    }

    /// Reads `{"type": …}` and the kind's keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "text": self = .text(try container.decodeIfPresent(TextStyle.self, forKey: .style) ?? .plain)
        case "notes": self = .notes
        case "wholeNumber": self = .wholeNumber
        case "decimal": self = .decimal(places: try container.decodeIfPresent(Int.self, forKey: .places) ?? 2)
        case "money": self = .money(currency: try container.decode(String.self, forKey: .currency))
        case "date": self = .date
        case "choice": self = .choice(options: try container.decode([String].self, forKey: .options))
        case "yesNo": self = .yesNo
        case "lines": self = .lines(columns: try container.decode([FieldDefinition].self, forKey: .columns))
        case "link": self = .link(form: try container.decode(FormDefinitionID.self, forKey: .form))
        case "computed": self = .computed(expression: try container.decode(String.self, forKey: .expression))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown field type “\(type)”")
        }
    }

    /// Writes `{"type": …}` and the kind's keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(typeName, forKey: .type)
        switch self {
        case .text(let style): try container.encode(style, forKey: .style)
        case .decimal(let places): try container.encode(places, forKey: .places)
        case .money(let currency): try container.encode(currency, forKey: .currency)
        case .choice(let options): try container.encode(options, forKey: .options)
        case .lines(let columns): try container.encode(columns, forKey: .columns)
        case .link(let form): try container.encode(form, forKey: .form)
        case .computed(let expression): try container.encode(expression, forKey: .expression)
        case .notes, .wholeNumber, .date, .yesNo: break
        }
    }
}
