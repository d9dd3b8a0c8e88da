import Foundation
import Forms
import Localization

/// Converts a field's value when the field's kind changes: what converts without losing
/// anything does (a whole number to a decimal, the text "12" to a number, "2026-11-30" to a
/// date); anything else gives nil, and the old value is kept.
public enum ValueConversion {
    /// `value` as a value of a field of `kind`, nil when it does not convert without loss.
    public static func convert(_ value: FieldValue, to kind: FieldKind) -> FieldValue? {
        if value == .none { return FieldValue.none }
        if value.fits(kind), value.fitsPlaces(of: kind) { return value }
        switch kind {
        case .text, .notes:
            switch value {
            case .lines: return nil
            default: return .text(value.canonicalText)
            }
        case .wholeNumber:
            if let number = number(value) { return Int64(exactly: number).map(FieldValue.integer) }
            return nil
        case .decimal, .money:
            guard let number = number(value), let places = kind.places, number.exponent >= -places || number.isZero else { return nil }
            return .decimal(number)
        case .date:
            guard let text = text(value) else { return nil }
            for parsing in [NumberParsing.posix, .current] {
                if case .success(let date) = CalendarDate.parse(text, using: parsing) { return .date(date) }
            }
            return nil
        case .yesNo:
            if case .integer(let integer) = value, integer == 0 || integer == 1 { return .yesNo(integer == 1) }
            guard let text = text(value)?.trimmingCharacters(in: .whitespaces).lowercased() else { return nil }
            if ["true", "yes", "1", DefinitionText.yes.lowercased()].contains(text) { return .yesNo(true) }
            if ["false", "no", "0", DefinitionText.no.lowercased()].contains(text) { return .yesNo(false) }
            return nil
        case .choice(let options):
            guard let text = text(value)?.trimmingCharacters(in: .whitespaces) else { return nil }
            return options.first { ExpressionScope.fold($0) == ExpressionScope.fold(text) }.map(FieldValue.choice)
        case .link:
            return nil
        case .lines, .computed:
            return nil
        }
    }

    private static func text(_ value: FieldValue) -> String? {
        switch value {
        case .text(let text), .choice(let text): text
        case .date(let date): date.description
        default: nil
        }
    }

    private static func number(_ value: FieldValue) -> Decimal? {
        switch value {
        case .integer(let integer): return Decimal(integer)
        case .decimal(let decimal): return decimal
        case .text(let text), .choice(let text):
            for parsing in [NumberParsing.posix, .current] {
                if case .success(let number) = Decimal.parse(text, using: parsing) { return number }
            }
            return nil
        default: return nil
        }
    }
}

extension FieldValue {
    /// Whether a decimal has no more places than `kind` allows.
    func fitsPlaces(of kind: FieldKind) -> Bool {
        guard case .decimal(let number) = self, let places = kind.places else { return true }
        return number.isZero || number.exponent >= -places
    }
}
