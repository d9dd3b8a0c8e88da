import Localization

/// A closed set of choices a form offers in a drop-down: an enum with `String` raw values.
///
/// Declaring the conformance is all it takes to bind one; the raw value is what is stored and
/// `title` what people read (give each case a translatable title, or keep the default: the raw
/// value with a capital first letter).
///
/// ```swift
/// enum Currency: String, CaseIterable, FormChoice {
///     case eur, usd
///     var title: String { self == .eur ? "Euro" : "US dollar" }
/// }
/// form.bind(ChoiceInput<Currency>(label: "Currency"), to: \.currency)
/// ```
public protocol FormChoice: StringTwoWayConvertible, CaseIterable, RawRepresentable, Hashable, Sendable
where RawValue == String, AllCases: RandomAccessCollection {
    /// What people read for this choice.
    var title: String { get }
}

extension FormChoice {
    /// Reads a raw value, or failing that a title.
    public init?(_ text: String) {
        if let value = Self(rawValue: text) {
            self = value
        } else if let value = Self.allCases.first(where: { $0.title == text }) {
            self = value
        } else {
            return nil
        }
    }

    /// The raw value: what is stored.
    public var description: String { rawValue }

    /// A choice is picked, not typed: each is its own undo step.
    public static var editsAreChoices: Bool { true }

    /// The raw value with a capital first letter.
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// Reads a raw value or a title; anything else asks to choose one.
    public static func parse(_ text: String, using parsing: NumberParsing) -> Result<Self, ConversionError> {
        if let value = Self(text) { return .success(value) }
        if NumberParsing.trimmedBounds(of: text) == nil {
            return .failure(ConversionError(.blank, message: tr("Required")))
        }
        return .failure(ConversionError(.malformed, message: tr("Choose one of the options")))
    }
}
