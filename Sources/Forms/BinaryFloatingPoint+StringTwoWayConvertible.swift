import Localization

extension StringTwoWayConvertible where Self: BinaryFloatingPoint & LosslessStringConvertible {
    /// Fractional numbers get a number keyboard.
    public static var defaultPurpose: InputPurpose { .number }

    /// Reads a decimal number with "." or the locale's separator and an optional exponent.
    ///
    /// Only finite values are accepted: "nan", "inf" and numbers beyond the type's range fail
    /// ("Enter a number", "Number too large"), since a form never wants them. `init?(_:)` still
    /// reads `description` of every value, NaN and infinities included.
    @inlinable
    public static func parse(_ text: String, using parsing: NumberParsing) -> Result<Self, ConversionError> {
        switch parsing.scanDecimal(text) {
        case .blank:
            return .failure(ConversionError(.blank, message: tr("Required")))
        case .malformed:
            return .failure(ConversionError(.malformed, message: tr("Enter a number")))
        case .number(let scanned):
            guard let value = Self(scanned.canonical), value.isFinite else {
                return .failure(ConversionError(.outOfRange, message: tr("Number too large")))
            }
            return .success(value)
        }
    }

    /// The shortest text that reads back as this value, with the locale's decimal separator;
    /// whole numbers have no fraction ("2", not "2.0").
    public func formatted(using parsing: NumberParsing) -> String {
        let text = description
        if text.hasSuffix(".0") { return String(text.dropLast(2)) }
        return parsing.localized(text)
    }
}

extension Double: StringTwoWayConvertible {}
extension Float: StringTwoWayConvertible {}
