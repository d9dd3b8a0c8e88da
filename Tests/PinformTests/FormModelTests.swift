import Foundation
import XCTest
@testable import Pinform

final class FormModelTests: XCTestCase {
    private static let person = Person(firstName: "John", lastName: "Smith", age: 26,
                                email: Email("john@example.com")!, height: 1.8)

    func testPersonSummaryReadsAsOneLine() {
        let person = Self.person
        MainActor.assumeIsolated {
            let expected = "John Smith, 26, john@example.com, \(Person.formatted(1.8)) m"
            XCTAssertEqual(person.summary, expected)
        }
    }

    func testHeightsShowTwoDecimals() {
        MainActor.assumeIsolated {
            XCTAssertEqual(Person.formatted(1.8).count, 4)
            XCTAssertTrue(Person.formatted(1.8).hasPrefix("1"))
            XCTAssertTrue(Person.formatted(1.8).hasSuffix("80"))
        }
    }

    func testPersonRoundTripsThroughJSON() throws {
        let data = try JSONEncoder().encode(Self.person)
        XCTAssertEqual(try JSONDecoder().decode(Person.self, from: data), Self.person)
    }

    func testSizeRoundTripsThroughJSON() throws {
        let size = Size(width: 2.5, height: 1.25)
        let data = try JSONEncoder().encode(size)
        XCTAssertEqual(try JSONDecoder().decode(Size.self, from: data), size)
    }

    func testModelsHaveDistinctSettingsKeys() {
        MainActor.assumeIsolated {
            XCTAssertEqual(Person.settingsKey, "person")
            XCTAssertEqual(Size.settingsKey, "size")
        }
    }
}
