import Forms
import Foundation

/// Numbers as the list and summaries show them, in the user's locale (`NumberParsing.current`).
public enum LocaleText {
    /// Two decimals: "1,80" in German.
    public static func twoDecimals(_ number: Double) -> String {
        NumberParsing.current.localized(String(format: "%.2f", number))
    }

    /// An amount with at least two decimals: "1234,50" in German.
    public static func amount(_ number: Decimal) -> String {
        var text = number.description
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < 2 { text += String(repeating: "0", count: 2 - decimals) }
        } else {
            text += ".00"
        }
        return NumberParsing.current.localized(text)
    }
}
