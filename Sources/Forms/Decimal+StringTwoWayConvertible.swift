import Foundation
import Localization

extension Decimal: StringTwoWayConvertible {
    private static let canonicalLocale = Locale(identifier: "en_US_POSIX")

    /// Reads canonical text ("." as separator, surrounding whitespace allowed), e.g. `description`.
    public init?(_ text: String) {
        guard case .success(let value) = Decimal.parse(text, using: .posix) else { return nil }
        self = value
    }

    /// The most significant digits a `Decimal` holds exactly, whatever they are (its 128-bit
    /// mantissa holds every 38-digit number, and 39-digit ones only up to 2¹²⁸ − 1).
    public static let significantDigits = 38

    /// Fractional numbers get a number keyboard.
    public static var defaultPurpose: InputPurpose { .number }

    /// Reads a decimal number with "." or the locale's separator and an optional exponent.
    ///
    /// Values beyond `Decimal`'s range fail with "Number too large", or "Too many decimal places"
    /// when they are too close to zero; a number of more significant digits than it holds
    /// (beyond 38, `significantDigits`) fails with "Enter at most 38 significant digits".
    /// Nothing is rounded.
    public static func parse(_ text: String, using parsing: NumberParsing) -> Result<Decimal, ConversionError> {
        switch parsing.scanDecimal(text) {
        case .blank:
            return .failure(ConversionError(.blank, message: tr("Required")))
        case .malformed:
            return .failure(ConversionError(.malformed, message: tr("Enter a number")))
        case .number(let scanned):
            guard let value = Decimal(string: scanned.canonical, locale: canonicalLocale), !value.isNaN,
                  NumberParsing.isExact(value.description, of: scanned)
            else {
                // Rounded: too many digits, or an exponent out of range.
                if NumberParsing.significand(ofCanonical: scanned.canonical).digits.count > significantDigits {
                    return .failure(NumberParsing.tooManyDigitsError(significantDigits))
                }
                return .failure(ConversionError(
                    .outOfRange,
                    message: scanned.isLarge ? tr("Number too large") : tr("Too many decimal places")
                ))
            }
            return .success(value)
        }
    }

    /// `description` with the locale's decimal separator ("12,5" in German).
    public func formatted(using parsing: NumberParsing) -> String {
        parsing.localized(description)
    }
}
