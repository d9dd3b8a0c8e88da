import Foundation

/// How money is rounded to its currency's minor unit (`Decimal.rounded(places:_:)`).
public enum DecimalRounding: Sendable, Hashable {
    /// Half away from zero, "commercial" rounding: 2.345 → 2.35, −2.345 → −2.35. What
    /// invoices use, and Pinform's default.
    case halfUp
    /// Half to the even digit, "banker's" rounding: 2.345 → 2.34, 2.355 → 2.36; no bias over
    /// many sums.
    case bankers

    var mode: NSDecimalNumber.RoundingMode {
        switch self {
        case .halfUp: .plain
        case .bankers: .bankers
        }
    }
}

extension Decimal {
    /// The value rounded to `places` decimal places (2 for the minor unit of euros and
    /// dollars, 0 for yen), half up unless told: exact decimal arithmetic, no binary floating
    /// point on the way.
    ///
    /// ```swift
    /// Decimal(string: "2.345")!.rounded(places: 2)            // 2.35
    /// Decimal(string: "2.345")!.rounded(places: 2, .bankers)  // 2.34
    /// ```
    public func rounded(places: Int, _ rounding: DecimalRounding = .halfUp) -> Decimal {
        guard !isNaN else { return self }
        let behavior = NSDecimalNumberHandler(
            roundingMode: rounding.mode, scale: Int16(clamping: places), raiseOnExactness: false,
            raiseOnOverflow: false, raiseOnUnderflow: false, raiseOnDivideByZero: false)
        return NSDecimalNumber(decimal: self).rounding(accordingToBehavior: behavior).decimalValue
    }
}
