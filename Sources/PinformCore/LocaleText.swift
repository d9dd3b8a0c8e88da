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

    /// The day of `date` in the user's POSIX locale's order ("1.12.2026" in German, as
    /// `NumberParsing.current` reads `LC_ALL`, `LC_TIME`, `LANG`: Foundation's `Locale.current`
    /// is `en_001` on Linux whatever they say) and its time as 24-hour "14:02", in `timeZone`.
    public static func dayAndTime(of date: Date, timeZone: TimeZone = .current,
                                  dateFormat: DateFormat = NumberParsing.current.dateFormat) -> (day: String, time: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let day = dateFormat.string(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0
        let time = (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
        return (day, time)
    }
}
