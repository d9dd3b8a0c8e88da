import Localization

extension StringTwoWayConvertible where Self: BinaryFloatingPoint & LosslessStringConvertible {
    /// Fractional numbers get a number keyboard.
    public static var defaultPurpose: InputPurpose { .number }

    /// Reads a decimal number with "." or the locale's separator and an optional exponent.
    ///
    /// Only finite values are accepted: "nan", "inf" and numbers beyond the type's range fail
    /// ("Enter a number", "Number too large"), since a form never wants them. A number the type
    /// would round is refused too: one too close to zero for it ("Too many decimal places"), or
    /// with more significant digits than it keeps ("Enter at most 15 significant digits" for
    /// `Double`, 6 for `Float`; a longer one that it holds exactly, such as
    /// 0.30000000000000004, is accepted). `init?(_:)` still reads `description` of every value,
    /// NaN and infinities included.
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
            guard NumberParsing.isExact(value.description, of: scanned) else {
                if value.isZero || value.isSubnormal {
                    return .failure(ConversionError(.outOfRange, message: tr("Too many decimal places")))
                }
                // The digits every value of the type keeps: ⌊(p − 1) · log₁₀ 2⌋, 15 for Double, 6 for Float.
                return .failure(NumberParsing.tooManyDigitsError(Int(Double(Self.significandBitCount) * 0.301_029_995_663_981_2)))
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
