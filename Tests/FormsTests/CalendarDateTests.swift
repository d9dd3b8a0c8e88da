import Foundation
import Forms
import SeededRandom
import XCTest

final class CalendarDateTests: XCTestCase {
    private func parsing(_ identifier: String) -> NumberParsing {
        NumberParsing(locale: Locale(identifier: identifier))
    }

    func testISOTextReadsAndDescriptionWritesISO() {
        let date = CalendarDate("2026-11-30")
        XCTAssertEqual(date, CalendarDate(year: 2026, month: 11, day: 30))
        XCTAssertEqual(date?.description, "2026-11-30")
    }

    func testTheThirtiethOfFebruaryIsRejectedWithAClearMessage() {
        XCTAssertNil(CalendarDate("2026-02-30"))
        XCTAssertEqual(CalendarDate.parse("2026-02-30", using: .posix), .failure(ConversionError(.outOfRange, message: "This month has only 28 days")))
        XCTAssertEqual(CalendarDate.parse("2028-02-29", using: .posix), .success(CalendarDate(year: 2028, month: 2, day: 29)))
    }

    func testAThirteenthMonthIsRejected() {
        XCTAssertEqual(CalendarDate.parse("2026-13-01", using: .posix), .failure(ConversionError(.outOfRange, message: "Enter a month from 1 to 12")))
    }

    func testTheLocalesNumericDateReads() {
        let expected = Result<CalendarDate, ConversionError>.success(CalendarDate(year: 2026, month: 11, day: 30))
        XCTAssertEqual(CalendarDate.parse("30.11.2026", using: parsing("de_DE")), expected)
        XCTAssertEqual(CalendarDate.parse("30.11.26", using: parsing("ru_RU")), expected)
        XCTAssertEqual(CalendarDate.parse("11/30/2026", using: parsing("en_US")), expected)
        XCTAssertEqual(CalendarDate.parse("2026/11/30", using: parsing("zh_CN")), expected)
        XCTAssertEqual(CalendarDate.parse("30.11.2026", using: parsing("he_IL")), expected)
        XCTAssertEqual(CalendarDate.parse("٣٠/١١/٢٠٢٦", using: parsing("ar_EG")), expected)
    }

    func testISOReadsInEveryLocale() {
        for identifier in ["de_DE", "en_US", "zh_CN", "ar_EG"] {
            XCTAssertEqual(try? CalendarDate.parse("2026-11-30", using: parsing(identifier)).get(),
                           CalendarDate(year: 2026, month: 11, day: 30), identifier)
        }
    }

    func testADateIsShownInTheLocaleAndReadsBack() {
        let date = CalendarDate(year: 2026, month: 3, day: 5)
        XCTAssertEqual(date.formatted(using: parsing("de_DE")), "5.3.2026")
        XCTAssertEqual(date.formatted(using: parsing("en_US")), "3/5/2026")
        XCTAssertEqual(date.formatted(using: parsing("zh_CN")), "2026/3/5")
        for identifier in ["de_DE", "ru_RU", "zh_CN", "he_IL", "ar_EG", "en_US", "en_GB"] {
            let text = date.formatted(using: parsing(identifier))
            XCTAssertEqual(try? CalendarDate.parse(text, using: parsing(identifier)).get(), date, identifier)
        }
    }

    func testTextThatIsNotADateSaysWhatADateLooksLike() {
        XCTAssertEqual(CalendarDate.parse("tomorrow", using: parsing("de_DE")),
                       .failure(ConversionError(.malformed, message: "Enter a date like 30.11.2026")))
        XCTAssertEqual(CalendarDate.parse("   ", using: .posix), .failure(ConversionError(.blank, message: "Required")))
    }

    func testDatesCompareInCalendarOrder() {
        XCTAssertLessThan(CalendarDate(year: 2025, month: 12, day: 31), CalendarDate(year: 2026, month: 1, day: 1))
        XCTAssertLessThan(CalendarDate(year: 2026, month: 1, day: 31), CalendarDate(year: 2026, month: 2, day: 1))
    }

    func testADateIsCodedAsISOText() throws {
        let date = CalendarDate(year: 2026, month: 11, day: 30)
        let data = try JSONEncoder().encode([date])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[\"2026-11-30\"]")
        XCTAssertEqual(try JSONDecoder().decode([CalendarDate].self, from: data), [date])
    }

    func testEveryValidDayRoundTripsThroughItsDescription() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let year = Int.random(in: 1...9999, using: &generator), month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 1...CalendarDate.days(inMonth: month, of: year), using: &generator)
            let date = CalendarDate(year: year, month: month, day: day)
            XCTAssertEqual(CalendarDate(date.description), date)
        }
    }

    func testADateHasTheDatePurpose() {
        XCTAssertEqual(CalendarDate.defaultPurpose, .date)
    }
}
