import Foundation
import XCTest
@testable import Forms

final class RuleTests: XCTestCase {
    private let field = FieldID(index: 0)

    func testRequiredRejectsBlankText() {
        XCTAssertEqual(Rule<String>.required.message(for: "  "), "Required")
        XCTAssertEqual(Rule<String>.required.message(for: ""), "Required")
        XCTAssertNil(Rule<String>.required.message(for: "a"))
    }

    func testRequiredPassesAnyNumber() {
        XCTAssertNil(Rule<Int>.required.message(for: 0))
    }

    func testRequiredTakesACustomMessage() {
        XCTAssertEqual(Rule<String>.required(message: "Enter your name").message(for: ""), "Enter your name")
    }

    func testRangeAcceptsItsBounds() {
        let rule = Rule<Int>.range(1...120)
        XCTAssertNil(rule.message(for: 1))
        XCTAssertNil(rule.message(for: 120))
    }

    func testRangeRejectsOutsideWithAMessage() {
        let rule = Rule<Int>.range(1...120)
        XCTAssertEqual(rule.error(for: 0, in: field), FormFieldError(field: field, reason: .outOfRange, message: "Enter a value from 1 to 120"))
        XCTAssertEqual(rule.message(for: 121), "Enter a value from 1 to 120")
    }

    func testAtMostTakesTheSeedsTooOldMessage() {
        let rule = Rule<UInt>.atMost(120, message: "Too old")
        XCTAssertNil(rule.message(for: 120))
        XCTAssertEqual(rule.error(for: 121, in: field)?.message, "Too old")
        XCTAssertEqual(rule.reason, .outOfRange)
    }

    func testAtLeastRejectsSmallerValues() {
        XCTAssertEqual(Rule<Double>.atLeast(18).message(for: 17.5), "Enter 18 or more")
        XCTAssertNil(Rule<Double>.atLeast(18).message(for: 18))
    }

    func testAtMostDefaultMessage() {
        XCTAssertEqual(Rule<Int>.atMost(10).message(for: 11), "Enter 10 or less")
    }

    func testMinLengthCountsCharacters() {
        let rule = Rule<String>.minLength(3)
        XCTAssertEqual(rule.error(for: "ab", in: field), FormFieldError(field: field, reason: .tooShort, message: "Enter at least 3 characters"))
        XCTAssertNil(rule.message(for: "äöü"))
    }

    func testMaxLengthCountsCharacters() {
        let rule = Rule<String>.maxLength(3)
        XCTAssertEqual(rule.error(for: "abcd", in: field)?.reason, .tooLong)
        XCTAssertEqual(rule.message(for: "abcd"), "Enter at most 3 characters")
        XCTAssertNil(rule.message(for: "👍🏽ab"))
    }

    func testPatternMustMatchTheWholeText() {
        let rule = Rule<String>.pattern("[0-9]{5}", message: "Enter 5 digits")
        XCTAssertNil(rule.message(for: "75001"))
        XCTAssertEqual(rule.message(for: "750011"), "Enter 5 digits")
        XCTAssertEqual(rule.message(for: "x75001"), "Enter 5 digits")
        XCTAssertEqual(rule.reason, .patternMismatch)
    }

    func testPatternAlternativesStillMatchWholeText() {
        let rule = Rule<String>.pattern("a|ab", message: "No")
        XCTAssertNil(rule.message(for: "ab"))
    }

    func testPatternAcceptsACompiledExpression() throws {
        let rule = Rule<String>.pattern(try NSRegularExpression(pattern: "[a-z]+"), message: "Lower case only")
        XCTAssertNil(rule.message(for: "abc"))
        XCTAssertEqual(rule.message(for: "aBc"), "Lower case only")
    }

    func testACatastrophicPatternSaysTheValueIsTooHardToCheck() {
        // Nested repetition backtracks exponentially on digits that end without a capital.
        let rule = Rule<String>.pattern("(\\d+)+[A-Z]", message: "Digits then a capital", budget: PatternBudget(reports: 2))
        let value = String(repeating: "1", count: 24) + "!"
        XCTAssertEqual(rule.message(for: value), Rule<String>.tooHardToCheckMessage)
        XCTAssertEqual(rule.error(for: value, in: field)?.reason, .patternMismatch)
        // A value the engine settles quickly is judged as before.
        XCTAssertNil(rule.message(for: "12A"))
        XCTAssertEqual(rule.message(for: "12"), "Digits then a capital")
    }

    func testTheStandardBudgetStopsACatastrophicPattern() {
        let rule = Rule<String>.pattern("(\\d+)+[A-Z]", message: "Digits then a capital")
        XCTAssertEqual(rule.message(for: String(repeating: "1", count: 40) + "!"), Rule<String>.tooHardToCheckMessage)
    }

    func testTheStandardBudgetChecksALongValueOfAPlainPattern() {
        let rule = Rule<String>.pattern("[a-z ]+", message: "Lower case only")
        XCTAssertNil(rule.message(for: String(repeating: "abc de ", count: 10_000)))
        XCTAssertEqual(rule.message(for: String(repeating: "abc de ", count: 10_000) + "X"), "Lower case only")
    }

    func testEmailAcceptsAddresses() {
        for address in ["name@example.com", "a.b+c@sub.example.org", "x@münchen.de"] {
            XCTAssertNil(Rule<String>.email.message(for: address), address)
        }
    }

    func testEmailRejectsNonAddresses() {
        for text in ["", "name", "@example.com", "name@", "name@example", "a b@example.com", "a@b@c.com", "a@-x.com", "a@x..com"] {
            XCTAssertEqual(Rule<String>.email.error(for: text, in: field)?.reason, .invalidEmail, text)
        }
    }

    func testCustomRuleReportsItsMessage() {
        let even = Rule<Int>.custom { $0 % 2 == 0 ? nil : "Enter an even number" }
        XCTAssertNil(even.message(for: 4))
        XCTAssertEqual(even.error(for: 3, in: field), FormFieldError(field: field, reason: .custom, message: "Enter an even number"))
    }
}
