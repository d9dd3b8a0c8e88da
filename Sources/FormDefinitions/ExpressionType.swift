import Localization

/// The type of an expression's value, and of the fields it reads.
public enum ExpressionType: Hashable, Sendable {
    /// A number (whole, decimal, money): exact decimal arithmetic.
    case number
    /// Text (one line, notes, a choice, a link).
    case text
    /// A day.
    case date
    /// Yes or no: what comparisons give and `if()` needs.
    case yesNo
    /// Line items: only `count()` and `sum()` read them.
    case lines

    /// The type of a field of `kind`; nil for a computed field (its expression's type).
    public init?(kind: FieldKind) {
        switch kind {
        case .text, .notes, .choice, .link: self = .text
        case .wholeNumber, .decimal, .money: self = .number
        case .date: self = .date
        case .yesNo: self = .yesNo
        case .lines: self = .lines
        case .computed: return nil
        }
    }

    /// The type in words, for messages ("a number").
    public var name: String {
        switch self {
        // Translators: a kind of value in a message such as "“+” cannot combine a date and text".
        case .number: tr("a number")
        // Translators: a kind of value in a message such as "“+” cannot combine a date and text".
        case .text: tr("text")
        // Translators: a kind of value in a message such as "“+” cannot combine a date and text".
        case .date: tr("a date")
        // Translators: a kind of value in a message such as "if() expects yes or no, not a number".
        case .yesNo: tr("yes or no")
        // Translators: a kind of value in a message such as "“+” cannot combine a number and line items".
        case .lines: tr("line items")
        }
    }
}
