import Foundation

/// How a locale writes a date in numbers: the order of day, month and year, the separator, and
/// whether day and month have two digits ("30.11.2026", "11/30/2026", "2026/11/30").
///
/// ```swift
/// DateFormat(locale: Locale(identifier: "de_DE")).string(year: 2026, month: 3, day: 5) // "5.3.2026"
/// ```
public struct DateFormat: Sendable, Hashable {
    /// The order of the three numbers.
    public enum Order: Sendable, Hashable {
        /// 30.11.2026
        case dayMonthYear
        /// 11/30/2026
        case monthDayYear
        /// 2026-11-30
        case yearMonthDay
    }

    /// The order of day, month and year.
    public let order: Order
    /// What stands between them.
    public let separator: String
    /// Whether day and month are written with two digits.
    public let padsDayAndMonth: Bool

    /// A format from its parts.
    public init(order: Order, separator: String, padsDayAndMonth: Bool) {
        self.order = order
        self.separator = separator
        self.padsDayAndMonth = padsDayAndMonth
    }

    /// ISO 8601: 2026-11-30.
    public static let iso = DateFormat(order: .yearMonthDay, separator: "-", padsDayAndMonth: true)

    /// The numeric date format of `locale` (its short "yMd" pattern); ISO 8601 for the POSIX
    /// locale.
    public init(locale: Locale) {
        guard locale.identifier != "en_US_POSIX",
              let pattern = DateFormatter.dateFormat(fromTemplate: "yMd", options: 0, locale: locale) else {
            self = .iso
            return
        }
        // Bidirectional marks (Arabic patterns carry them) are not part of what people type.
        let letters = pattern.unicodeScalars.filter { $0.properties.generalCategory != .format }
        var order: [Character] = []
        var separator = ""
        var dayLetters = 0
        var previous: Character?
        for scalar in letters {
            let character = Character(scalar)
            if "yMd".contains(character) {
                if character == "d" { dayLetters += 1 }
                if character != previous, !order.contains(character) { order.append(character) }
            } else if order.count == 1, character != "'" {
                separator.append(character)
            }
            previous = character
        }
        switch String(order) {
        case "dMy": self.order = .dayMonthYear
        case "Mdy": self.order = .monthDayYear
        case "yMd": self.order = .yearMonthDay
        default:
            self = .iso
            return
        }
        self.separator = separator.isEmpty ? "-" : separator
        padsDayAndMonth = dayLetters >= 2
    }

    /// The date written in this format, the year with at least four digits.
    public func string(year: Int, month: Int, day: Int) -> String {
        let yearText = Self.padded(year, to: 4)
        let monthText = padsDayAndMonth ? Self.padded(month, to: 2) : String(month)
        let dayText = padsDayAndMonth ? Self.padded(day, to: 2) : String(day)
        let parts = switch order {
        case .dayMonthYear: [dayText, monthText, yearText]
        case .monthDayYear: [monthText, dayText, yearText]
        case .yearMonthDay: [yearText, monthText, dayText]
        }
        return parts.joined(separator: separator)
    }

    private static func padded(_ number: Int, to width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
