import Forms

/// Days between calendar dates: the proleptic Gregorian calendar counted from 0001-01-01.
enum DayArithmetic {
    /// The day's number: 0001-01-01 is 0.
    static func number(of date: CalendarDate) -> Int {
        // Howard Hinnant's days_from_civil, shifted to start at year 1.
        let year = date.month <= 2 ? date.year - 1 : date.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let month = date.month
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 306
    }

    /// The number of 9999-12-31, the last day a `CalendarDate` holds.
    static let last = number(of: CalendarDate(year: 9999, month: 12, day: 31))

    /// The date of day `number`, nil outside the years 1 to 9999.
    static func date(ofNumber number: Int) -> CalendarDate? {
        guard number >= 0, number <= last else { return nil }
        let z = number + 306
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        guard CalendarDate.isValid(year: year, month: month, day: day) else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    /// Full years from `from` to `to` (an age); a birthday on 29 February comes on 1 March in
    /// other years. Negative when `to` is earlier.
    static func years(from: CalendarDate, to: CalendarDate) -> Int {
        if to < from { return -years(from: to, to: from) }
        let years = to.year - from.year
        return (to.month, to.day) < (from.month, from.day) ? years - 1 : years
    }
}
