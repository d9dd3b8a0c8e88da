import Localization

/// A type that converts from the text a person typed and back to text, as GenericUI's protocol.
///
/// `init?(_:)` is the strict, canonical conversion and `description` its inverse:
/// `T(x.description) == x` for every value (for floating point: every non-NaN value).
/// ``parse(_:using:)`` is what inputs use: it is lenient where people are (surrounding
/// whitespace, the locale's decimal comma) and says why it failed.
///
/// Conformances: `String`, `Int`, `Int8`…`Int64`, `UInt`, `UInt8`…`UInt64`, `Double`,
/// `Float`, `Decimal`. App types conform by providing `init?(_:)` and `description`:
///
/// ```swift
/// struct Email: StringTwoWayConvertible {
///     var address: String
///     init?(_ text: String) { guard text.contains("@") else { return nil }; address = text }
///     var description: String { address }
///     static var defaultPurpose: InputPurpose { .email }
/// }
/// ```
public protocol StringTwoWayConvertible: CustomStringConvertible {
    /// Converts canonical text (such as `description`) to a value; nil when it does not convert.
    init?(_ text: String)

    /// The input purpose an input for this type gets unless told otherwise.
    static var defaultPurpose: InputPurpose { get }

    /// Whether each change of an input of this type is a choice (a switch, a drop-down, a
    /// record picked) rather than typing: each choice is its own undo step, where consecutive
    /// typing in one field is one. False unless the type says otherwise.
    static var editsAreChoices: Bool { get }

    /// Converts what a person typed, trimming whitespace and reading numbers in `parsing`'s locale.
    ///
    /// The default implementation calls `init?(_:)` and fails with "Enter a valid value".
    static func parse(_ text: String, using parsing: NumberParsing) -> Result<Self, ConversionError>

    /// The value as people read and type it in `parsing`'s locale: what `Form.load` puts in an
    /// input ("1,8" in German, "30.11.2026"). `parse(_:using:)` reads it back to the same value.
    ///
    /// The default implementation is `description`.
    func formatted(using parsing: NumberParsing) -> String
}

extension StringTwoWayConvertible {
    /// Free-form text, unless the type says otherwise.
    public static var defaultPurpose: InputPurpose { .freeForm }

    /// Typed, unless the type says otherwise.
    public static var editsAreChoices: Bool { false }

    /// Calls `init?(_:)`; text that is only whitespace is blank.
    public static func parse(_ text: String, using parsing: NumberParsing) -> Result<Self, ConversionError> {
        if let value = Self(text) { return .success(value) }
        if NumberParsing.trimmedBounds(of: text) == nil {
            return .failure(ConversionError(.blank, message: tr("Required")))
        }
        return .failure(ConversionError(.malformed, message: tr("Enter a valid value")))
    }

    /// `description`.
    public func formatted(using parsing: NumberParsing) -> String { description }

    /// Converts what a person typed in the user's locale (``NumberParsing/current``).
    public static func parse(_ text: String) -> Result<Self, ConversionError> {
        parse(text, using: .current)
    }
}

extension String: StringTwoWayConvertible {
    /// Text passes through unchanged: "" stays "" and spaces are kept.
    public static func parse(_ text: String, using parsing: NumberParsing) -> Result<String, ConversionError> {
        .success(text)
    }
}
