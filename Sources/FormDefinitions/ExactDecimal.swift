import Foundation
import Forms
import Localization

/// Decimal arithmetic that is exact or says why not: `Decimal`'s operators round to 38 digits
/// and overflow to NaN without a word; these refuse instead.
enum ExactDecimal {
    static let digits = 38

    /// Significant digits and the exponent: 12.50 is (2, -1) — the significand 125 has 3 digits.
    private static func shape(_ value: Decimal) -> (significant: Int, integer: Int, fraction: Int) {
        if value.isZero { return (0, 0, 0) }
        let significant = value.significand.magnitude.description.count
        let exponent = value.exponent
        return (significant, max(0, significant + exponent), max(0, -exponent))
    }

    static var tooManyDigits: ExpressionError { ExpressionError(tr("The result has too many digits to be exact")) }
    static var tooLarge: ExpressionError { ExpressionError(tr("Number too large")) }

    private static func checked(_ value: Decimal) -> Result<Decimal, ExpressionError> {
        value.isNaN ? .failure(tooLarge) : .success(value)
    }

    /// Exact when the sum's digits, from its highest to the lowest of either operand, fit.
    static func add(_ left: Decimal, _ right: Decimal) -> Result<Decimal, ExpressionError> {
        if left.isZero { return .success(right) }
        if right.isZero { return .success(left) }
        let sum = left + right
        if sum.isNaN { return .failure(tooLarge) }
        if sum.isZero { return .success(sum) }
        let top = shape(sum).significant + sum.exponent
        let lowest = min(left.exponent, right.exponent)
        return top - lowest <= digits ? .success(sum) : .failure(tooManyDigits)
    }

    static func subtract(_ left: Decimal, _ right: Decimal) -> Result<Decimal, ExpressionError> {
        add(left, -right)
    }

    static func multiply(_ left: Decimal, _ right: Decimal) -> Result<Decimal, ExpressionError> {
        if left.isZero || right.isZero { return .success(0) }
        let (a, b) = (shape(left), shape(right))
        guard a.significant + b.significant <= digits else { return .failure(tooManyDigits) }
        guard left.exponent + right.exponent >= -127 else { return .failure(tooManyDigits) }
        return checked(left * right)
    }

    /// A quotient to 38 significant digits (1 / 3 cannot be exact in any number of digits).
    static func divide(_ left: Decimal, _ right: Decimal) -> Result<Decimal, ExpressionError> {
        guard !right.isZero else { return .failure(ExpressionError(tr("Division by zero"))) }
        return checked(left / right)
    }

    static func round(_ value: Decimal, places: Decimal) -> Result<Decimal, ExpressionError> {
        guard let whole = whole(places), (0...20).contains(whole) else {
            return .failure(ExpressionError(tr("round() rounds to 0 to 20 places")))
        }
        return checked(value.rounded(places: whole))
    }

    /// The whole number `value` is, if it is one of at most 12 digits.
    static func whole(_ value: Decimal) -> Int? {
        guard !value.isNaN, value == value.rounded(places: 0), value.magnitude < 1_000_000_000_000 else { return nil }
        return NSDecimalNumber(decimal: value).intValue
    }
}
