import Foundation

extension Expression {
    /// The decimal places a computed value is shown with: `n` when the expression is
    /// `round(…, n)` (so a total rounded to cents shows "7.00", not "7"), else nil.
    public static func shownPlaces(of source: String) -> Int? {
        guard case .call(let name, let arguments, _)? = try? ExpressionParser.parse(source),
              name.lowercased() == "round", arguments.count == 2,
              case .number(let places) = arguments[1] else { return nil }
        let value = NSDecimalNumber(decimal: places).intValue
        return (0...10).contains(value) ? value : nil
    }

    /// `value`'s canonical text ("7", "25.4") with at least `places` decimal places ("7.00", "25.40").
    public static func padded(_ value: Decimal, places: Int) -> String {
        let text = value.description
        guard places > 0 else { return text }
        let parts = text.split(separator: ".", maxSplits: 1)
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        guard fraction.count < places else { return text }
        return String(parts[0]) + "." + fraction + String(repeating: "0", count: places - fraction.count)
    }
}
