import Localization

/// A day of the calendar, with no time and no time zone: an issue date, a birthday.
///
/// It reads ISO 8601 (`2026-11-30`) and the numeric date of the user's locale ("30.11.2026" in
/// German, "11/30/2026" in American English), and writes ISO 8601 as its `description` (what is
/// stored). It is shown in the user's locale (`formatted(using:)`). A day that does not exist,
/// such as 2026-02-30, is rejected with a message saying why.
///
/// ```swift
/// let due = CalendarDate(year: 2026, month: 11, day: 30)
/// CalendarDate("2026-11-30") == due   // true
/// due.description                       // "2026-11-30"
/// ```
public struct CalendarDate: Hashable, Comparable, Sendable, Codable {
    /// The year (1 to 9999).
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 31.
    public let day: Int

    /// The day `day` of `month` in `year`.
    /// - Precondition: the day exists (see ``isValid(year:month:day:)``).
    public init(year: Int, month: Int, day: Int) {
        precondition(Self.isValid(year: year, month: month, day: day), "\(year)-\(month)-\(day) is not a day")
        self.year = year
        self.month = month
        self.day = day
    }

    /// Whether the day exists in the proleptic Gregorian calendar, between the years 1 and 9999.
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...9999).contains(year) && (1...12).contains(month) && day >= 1 && day <= days(inMonth: month, of: year)
    }

    /// How many days `month` has in `year`.
    public static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Earlier days come first.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Reads the ISO 8601 text `description` writes.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CalendarDate(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not a date"))
        }
        self = date
    }

    /// Writes ISO 8601 text, which sorts in date order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension CalendarDate: StringTwoWayConvertible {
    /// Reads ISO 8601 only, surrounding whitespace allowed: "2026-11-30".
    public init?(_ text: String) {
        guard case .success(let date) = Self.parse(text, using: .posix) else { return nil }
        self = date
    }

    /// ISO 8601: "2026-11-30".
    public var description: String {
        DateFormat.iso.string(year: year, month: month, day: day)
    }

    /// A date input.
    public static var defaultPurpose: InputPurpose { .date }

    /// The date in the locale's numeric format, as people read and type it.
    public func formatted(using parsing: NumberParsing) -> String {
        parsing.dateFormat.string(year: year, month: month, day: day)
    }

    /// Reads ISO 8601 ("2026-11-30") or the locale's numeric date ("30.11.2026" in German); a
    /// two-digit year is in this century. Digits may be the locale's own (Arabic-Indic).
    public static func parse(_ text: String, using parsing: NumberParsing) -> Result<CalendarDate, ConversionError> {
        guard let bounds = NumberParsing.trimmedBounds(of: text) else {
            return .failure(ConversionError(.blank, message: tr("Required")))
        }
        var numbers: [(value: Int, digits: Int)] = []
        var separators: [String] = []
        var current: (value: Int, digits: Int)?
        var separator = ""
        for scalar in text.unicodeScalars[bounds] {
            if let digit = NumberParsing.digitValue(scalar) {
                if current == nil {
                    if !numbers.isEmpty { separators.append(separator) }
                    separator = ""
                }
                let value = (current?.value ?? 0) * 10 + Int(digit)
                current = (min(value, 1_000_000), (current?.digits ?? 0) + 1)
            } else {
                if let number = current { numbers.append(number) }
                current = nil
                // Bidirectional marks may come with text pasted from right-to-left locales.
                if scalar.properties.generalCategory != .format { separator.unicodeScalars.append(scalar) }
            }
        }
        if let number = current { numbers.append(number) }
        let example = parsing.dateFormat.string(year: 2026, month: 11, day: 30)
        let malformed = ConversionError(.malformed, message: tr("Enter a date like {example}", ["example": example]))
        guard numbers.count == 3, separators.allSatisfy({ isSeparator($0) }),
              let first = text.unicodeScalars[bounds].first, NumberParsing.digitValue(first) != nil,
              let last = text.unicodeScalars[bounds].last, NumberParsing.digitValue(last) != nil
        else { return .failure(malformed) }

        let year: (value: Int, digits: Int), month: Int, day: Int
        if numbers[0].digits >= 3 {
            // A leading year is ISO 8601 whatever the locale.
            (year, month, day) = (numbers[0], numbers[1].value, numbers[2].value)
        } else {
            switch parsing.dateFormat.order {
            case .dayMonthYear: (day, month, year) = (numbers[0].value, numbers[1].value, numbers[2])
            case .monthDayYear: (month, day, year) = (numbers[0].value, numbers[1].value, numbers[2])
            case .yearMonthDay: (year, month, day) = (numbers[0], numbers[1].value, numbers[2].value)
            }
        }
        let fullYear = year.digits <= 2 ? 2000 + year.value : year.value
        guard (1...9999).contains(fullYear), year.digits != 3 else {
            return .failure(ConversionError(.outOfRange, message: tr("Enter a year from {first} to {last}", ["first": "1", "last": "9999"])))
        }
        guard (1...12).contains(month) else {
            return .failure(ConversionError(.outOfRange, message: tr("Enter a month from {first} to {last}", ["first": "1", "last": "12"])))
        }
        let length = days(inMonth: month, of: fullYear)
        guard (1...length).contains(day) else {
            return .failure(ConversionError(.outOfRange, message: trn("This month has only %d day", "This month has only %d days", length)))
        }
        return .success(CalendarDate(year: fullYear, month: month, day: day))
    }

    private static func isSeparator(_ text: String) -> Bool {
        let trimmed = text.filter { $0 != " " }
        return trimmed.count <= 1 && (trimmed.isEmpty || "./-".contains(trimmed))
    }
}
