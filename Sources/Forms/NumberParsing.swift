import Foundation
import Localization

/// How numbers and dates typed by people are read and shown: the decimal separator of their
/// locale, besides ".", and its numeric date format.
///
/// Parsing trims surrounding whitespace and accepts either "." or the locale's decimal
/// separator (so "1,5" is 1.5 in German), and any script's decimal digits (Arabic-Indic "١٫٥"). Grouping separators are not accepted: "1,2,3" and
/// "1.234,5" are rejected, because "." is always a decimal separator and a number has at most
/// one. A number that its type cannot hold exactly is refused, with a message that says the
/// limit: a whole number beyond the type's range, a `Decimal` of more than 38 significant digits,
/// a `Double` or `Float` that would round (more digits than it keeps, or too close to zero).
/// Parsing allocates nothing for integers, and a few short strings for other numbers.
///
/// ```swift
/// Double.parse("1,5", using: NumberParsing(locale: Locale(identifier: "de_DE"))) // .success(1.5)
/// ```
public struct NumberParsing: Sendable, Hashable {
    /// The decimal separator accepted besides ".", and shown in numbers.
    public let decimalSeparator: Unicode.Scalar

    /// How dates are read (besides ISO 8601) and shown.
    public let dateFormat: DateFormat

    /// Creates a parsing context that accepts `decimalSeparator` besides "." and `dateFormat`
    /// besides ISO 8601.
    public init(decimalSeparator: Unicode.Scalar, dateFormat: DateFormat = .iso) {
        self.decimalSeparator = decimalSeparator
        self.dateFormat = dateFormat
    }

    /// Creates a parsing context for the numbers of `locale`, and the dates of `dateLocale`
    /// (by default the same).
    public init(locale: Locale, dateLocale: Locale? = nil) {
        let separator = locale.decimalSeparator ?? "."
        let scalars = separator.unicodeScalars
        // Every locale's decimal separator is one scalar; anything else falls back to ".".
        self.init(decimalSeparator: scalars.count == 1 ? scalars[scalars.startIndex] : ".",
                  dateFormat: DateFormat(locale: dateLocale ?? locale))
    }

    /// The user's locale as the C library reads it (``UserLocale``): numbers from `LC_ALL`,
    /// `LC_NUMERIC` or `LANG`, dates from `LC_ALL`, `LC_TIME` or `LANG`. Read once, when first
    /// used (a desktop session keeps one locale).
    public static let current = NumberParsing(
        locale: UserLocale.locale(for: .numeric), dateLocale: UserLocale.locale(for: .time))

    /// A number's canonical text (its `description`, with "."), written with this decimal separator.
    public func localized(_ canonical: String) -> String {
        guard decimalSeparator != "." else { return canonical }
        var text = ""
        text.unicodeScalars.append(contentsOf: canonical.unicodeScalars.map { $0 == "." ? decimalSeparator : $0 })
        return text
    }

    /// Accepts only "." as the decimal separator.
    public static let posix = NumberParsing(decimalSeparator: ".")
}

// MARK: - Scanning (internal)

extension NumberParsing {
    /// The bounds of `text` without surrounding whitespace, or nil when nothing else is left.
    @inline(__always)
    static func trimmedBounds(of text: String) -> Range<String.Index>? {
        let scalars = text.unicodeScalars
        var lower = scalars.startIndex
        var upper = scalars.endIndex
        while lower < upper, isWhitespace(scalars[lower]) {
            lower = scalars.index(after: lower)
        }
        while lower < upper {
            let before = scalars.index(before: upper)
            guard isWhitespace(scalars[before]) else { break }
            upper = before
        }
        return lower < upper ? lower..<upper : nil
    }

    @inline(__always)
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            return scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)
        }
        return scalar.properties.isWhitespace
    }

    /// The value of a decimal digit of any script ("7", Arabic-Indic "٧", …); nil for anything else.
    @inline(__always)
    static func digitValue(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value &- 0x30
        if value < 10 { return UInt8(truncatingIfNeeded: value) }
        guard scalar.value >= 0x660, scalar.properties.numericType == .decimal,
              let number = scalar.properties.numericValue else { return nil }
        return UInt8(number)
    }

    /// The ASCII digit of value `digit` (0–9).
    @inline(__always)
    static func asciiDigit(_ digit: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(0x30 + digit)
    }

    /// A whole number as scanned: its sign and magnitude, saturated at `UInt64.max`.
    @usableFromInline
    enum WholeNumberScan {
        case number(isNegative: Bool, magnitude: UInt64, saturated: Bool)
        case blank
        case malformed
    }

    /// Reads an optional sign and ASCII digits with surrounding whitespace; not generic, so it
    /// runs at full speed whatever integer type asked for it.
    @usableFromInline
    static func scanWholeNumber(_ text: String) -> WholeNumberScan {
        // Scan the UTF-8 bytes directly, the fast common case.
        if let scan = scanWholeNumber(utf8: text.utf8.span) {
            return scan
        }
        return scanWholeNumber(scalarsOf: text)
    }

    /// Scans ASCII text; nil when non-ASCII bytes at the ends need Unicode whitespace rules.
    static func scanWholeNumber(utf8 bytes: Span<UInt8>) -> WholeNumberScan? {
        var lower = 0
        var upper = bytes.count
        while lower < upper, bytes[lower] == 0x20 || (bytes[lower] >= 0x09 && bytes[lower] <= 0x0D) { lower += 1 }
        while lower < upper, bytes[upper - 1] == 0x20 || (bytes[upper - 1] >= 0x09 && bytes[upper - 1] <= 0x0D) { upper -= 1 }
        guard lower < upper else { return .blank }
        if bytes[lower] >= 0x80 || bytes[upper - 1] >= 0x80 { return nil }
        var isNegative = false
        if bytes[lower] == UInt8(ascii: "-") || bytes[lower] == UInt8(ascii: "+") {
            isNegative = bytes[lower] == UInt8(ascii: "-")
            lower += 1
        }
        guard lower < upper else { return .malformed }
        var number = WholeNumberDigits()
        for index in lower..<upper {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return .malformed }
            number.append(digit)
        }
        return number.scan(isNegative: isNegative)
    }

    static func scanWholeNumber(scalarsOf text: String) -> WholeNumberScan {
        guard let bounds = trimmedBounds(of: text) else { return .blank }
        let scalars = text.unicodeScalars
        var index = bounds.lowerBound
        var isNegative = false
        if scalars[index] == "-" || scalars[index] == "+" {
            isNegative = scalars[index] == "-"
            index = scalars.index(after: index)
        }
        guard index < bounds.upperBound else { return .malformed }
        var number = WholeNumberDigits()
        while index < bounds.upperBound {
            guard let digit = digitValue(scalars[index]) else { return .malformed }
            index = scalars.index(after: index)
            number.append(digit)
        }
        return number.scan(isNegative: isNegative)
    }

    /// The magnitude of a whole number as its digits arrive, for both scans above: it saturates
    /// at `UInt64.max` and keeps reading, so "99999999999999999999x" is malformed, not too large.
    struct WholeNumberDigits {
        private var magnitude: UInt64 = 0
        private var saturated = false

        mutating func append(_ digit: UInt8) {
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (next, o2) = times10.addingReportingOverflow(UInt64(digit))
            if o1 || o2 {
                saturated = true
                magnitude = .max
            } else if !saturated {
                magnitude = next
            }
        }

        func scan(isNegative: Bool) -> WholeNumberScan {
            .number(isNegative: isNegative, magnitude: magnitude, saturated: saturated)
        }
    }

    /// Parses a whole number of type `T`: optional sign, ASCII digits, surrounding whitespace.
    @inlinable
    static func parseInteger<T: FixedWidthInteger>(_ text: String, as type: T.Type) -> Result<T, ConversionError> {
        switch scanWholeNumber(text) {
        case .blank:
            return .failure(integerError(T.self, .blank))
        case .malformed:
            return .failure(integerError(T.self, .malformed))
        case .number(let isNegative, let magnitude, let saturated):
            if isNegative {
                if magnitude == 0 { return .success(0) }
                if !T.isSigned { return .failure(integerError(T.self, .negative)) }
                // |T.min| = T.max + 1 for every signed type.
                let limit = UInt64(truncatingIfNeeded: T.max) &+ 1
                if saturated || magnitude > limit { return .failure(integerError(T.self, .tooSmall)) }
                return .success(T(truncatingIfNeeded: 0 &- magnitude))
            }
            if saturated || magnitude > UInt64(truncatingIfNeeded: T.max) {
                return .failure(integerError(T.self, .tooLarge))
            }
            return .success(T(truncatingIfNeeded: magnitude))
        }
    }

    @usableFromInline
    enum IntegerFailure {
        case blank, malformed, negative, tooLarge, tooSmall
    }

    @usableFromInline
    static func integerError<T: FixedWidthInteger>(_ type: T.Type, _ failure: IntegerFailure) -> ConversionError {
        let kind: ConversionError.Kind = switch failure {
        case .blank: .blank
        case .malformed: .malformed
        case .negative, .tooLarge, .tooSmall: .outOfRange
        }
        if failure == .blank {
            return ConversionError(.blank, message: tr("Required"))
        }
        // Small types name their whole range: it is short and tells people exactly what fits.
        if T.bitWidth <= 16 {
            return ConversionError(kind, message: tr("Enter a whole number from {minimum} to {maximum}", ["minimum": T.min.description, "maximum": T.max.description]))
        }
        switch failure {
        case .blank, .malformed:
            return ConversionError(kind, message: tr("Enter a whole number"))
        case .negative:
            return ConversionError(kind, message: tr("Enter a whole number of {minimum} or more", ["minimum": "0"]))
        case .tooLarge:
            return ConversionError(kind, message: tr("Enter a whole number up to {maximum}", ["maximum": T.max.description]))
        case .tooSmall:
            return ConversionError(kind, message: tr("Enter a whole number of {minimum} or more", ["minimum": T.min.description]))
        }
    }

    /// A number in canonical form ("-12.5e3"), ready for the standard library's exact parsers.
    @usableFromInline
    struct ScannedDecimal {
        @usableFromInline var canonical: String
        /// Whether the number may be 1 or more in magnitude (decides "too large" vs "too small").
        @usableFromInline var isLarge: Bool
    }

    /// A number's significant digits (from its first to its last non-zero digit, none for zero)
    /// and the decimal order of the first: the magnitude is 0.d₁d₂… × 10^order. Two texts with
    /// the same significand (and sign) are the same number.
    @usableFromInline
    struct Significand: Equatable {
        @usableFromInline var digits: [UInt8]
        @usableFromInline var order: Int
    }

    /// The significand of canonical text (`ScannedDecimal.canonical`, or a number's
    /// `description`: "-12.5", "1e-05", "9.007199254740992e+15").
    @usableFromInline
    static func significand(ofCanonical text: String) -> Significand {
        var digits: [UInt8] = []
        var integerDigits = 0, leadingZeros = 0, exponent = 0
        var inFraction = false, inExponent = false, negativeExponent = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "."): inFraction = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-") where inExponent: negativeExponent = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = byte - UInt8(ascii: "0")
                if inExponent {
                    exponent = min(exponent * 10 + Int(digit), 1_000_000) // beyond, only its sign matters
                } else {
                    if !inFraction { integerDigits += 1 }
                    if digits.isEmpty, digit == 0 { leadingZeros += 1 } else { digits.append(digit) }
                }
            default: break
            }
        }
        while digits.last == 0 { digits.removeLast() }
        guard !digits.isEmpty else { return Significand(digits: [], order: 0) }
        return Significand(digits: digits, order: integerDigits - leadingZeros + (negativeExponent ? -exponent : exponent))
    }

    /// Whether `value`'s `description` is the number `scanned` was: nothing rounded away.
    @usableFromInline
    static func isExact(_ description: String, of scanned: ScannedDecimal) -> Bool {
        significand(ofCanonical: description) == significand(ofCanonical: scanned.canonical)
    }

    /// "Enter at most 15 significant digits", for a number that has more than its type keeps.
    @usableFromInline
    static func tooManyDigitsError(_ limit: Int) -> ConversionError {
        ConversionError(.outOfRange, message: trn("Enter at most %d significant digit", "Enter at most %d significant digits", limit))
    }

    /// The outcome of scanning a decimal number.
    @usableFromInline
    enum DecimalScan {
        case number(ScannedDecimal)
        case blank
        case malformed
    }

    /// Reads `[sign] digits [separator digits] [e [sign] digits]` with at least one mantissa digit.
    @usableFromInline
    func scanDecimal(_ text: String) -> DecimalScan {
        guard let bounds = Self.trimmedBounds(of: text) else { return .blank }
        let scalars = text.unicodeScalars
        var index = bounds.lowerBound
        let end = bounds.upperBound
        var canonical = ""
        if scalars[index] == "-" || scalars[index] == "+" {
            if scalars[index] == "-" { canonical.unicodeScalars.append("-") }
            index = scalars.index(after: index)
        }
        var integerDigits = 0
        var significantIntegerDigits = 0
        while index < end, let digit = Self.digitValue(scalars[index]) {
            if digit != 0 || significantIntegerDigits > 0 { significantIntegerDigits += 1 }
            canonical.unicodeScalars.append(Self.asciiDigit(digit))
            integerDigits += 1
            index = scalars.index(after: index)
        }
        if integerDigits == 0 { canonical.unicodeScalars.append("0") }
        var fractionDigits = 0
        var fractionLeadingZeros = 0
        var sawFractionNonZero = false
        if index < end, scalars[index] == "." || scalars[index] == decimalSeparator {
            index = scalars.index(after: index)
            let separatorAt = canonical.endIndex
            canonical.unicodeScalars.append(".")
            while index < end, let digit = Self.digitValue(scalars[index]) {
                if digit != 0 { sawFractionNonZero = true } else if !sawFractionNonZero { fractionLeadingZeros += 1 }
                canonical.unicodeScalars.append(Self.asciiDigit(digit))
                fractionDigits += 1
                index = scalars.index(after: index)
            }
            if fractionDigits == 0 { canonical.removeSubrange(separatorAt...) } // "5." is 5
        }
        guard integerDigits + fractionDigits > 0 else { return .malformed }
        var exponent = 0
        if index < end, scalars[index] == "e" || scalars[index] == "E" {
            canonical.unicodeScalars.append("e")
            index = scalars.index(after: index)
            var isNegativeExponent = false
            if index < end, scalars[index] == "-" || scalars[index] == "+" {
                isNegativeExponent = scalars[index] == "-"
                canonical.unicodeScalars.append(scalars[index])
                index = scalars.index(after: index)
            }
            var exponentDigits = 0
            while index < end, let digit = Self.digitValue(scalars[index]) {
                canonical.unicodeScalars.append(Self.asciiDigit(digit))
                exponentDigits += 1
                exponent = min(exponent * 10 + Int(digit), 1_000_000) // only its sign matters beyond that
                index = scalars.index(after: index)
            }
            guard exponentDigits > 0 else { return .malformed }
            if isNegativeExponent { exponent = -exponent }
        }
        guard index == end else { return .malformed }
        // The decimal order of the leading digit: > 0 means the magnitude is 1 or more.
        let order = significantIntegerDigits > 0 ? significantIntegerDigits : -fractionLeadingZeros
        return .number(ScannedDecimal(canonical: canonical, isLarge: order + exponent > 0))
    }
}
