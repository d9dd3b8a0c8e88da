import Foundation
import SeededRandom
import XCTest
@testable import Forms

/// `T(x.description) == x` and `T.parse(x.description) == x` over random values of every type.
final class RoundTripPropertyTests: XCTestCase {
    private let iterations = 20_000
    private let german = NumberParsing(locale: Locale(identifier: "de_DE"))

    private func assertIntegerRoundTrip<T: FixedWidthInteger & StringTwoWayConvertible>(_ type: T.Type, seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var values: [T] = [.min, .max, 0, 1]
        for _ in 0..<iterations { values.append(T.random(in: .min ... .max, using: &generator)) }
        for value in values {
            XCTAssertEqual(T(value.description), value)
            XCTAssertEqual(try T.parse(value.description, using: .posix).get(), value)
            XCTAssertEqual(try T.parse(" \(value.description) ", using: german).get(), value)
        }
    }

    func testIntRoundTrips() { assertIntegerRoundTrip(Int.self, seed: 1) }
    func testInt8RoundTrips() { assertIntegerRoundTrip(Int8.self, seed: 2) }
    func testInt16RoundTrips() { assertIntegerRoundTrip(Int16.self, seed: 3) }
    func testInt32RoundTrips() { assertIntegerRoundTrip(Int32.self, seed: 4) }
    func testInt64RoundTrips() { assertIntegerRoundTrip(Int64.self, seed: 5) }
    func testUIntRoundTrips() { assertIntegerRoundTrip(UInt.self, seed: 6) }
    func testUInt8RoundTrips() { assertIntegerRoundTrip(UInt8.self, seed: 7) }
    func testUInt16RoundTrips() { assertIntegerRoundTrip(UInt16.self, seed: 8) }
    func testUInt32RoundTrips() { assertIntegerRoundTrip(UInt32.self, seed: 9) }
    func testUInt64RoundTrips() { assertIntegerRoundTrip(UInt64.self, seed: 10) }

    private func assertFloatingRoundTrip<T: BinaryFloatingPoint & StringTwoWayConvertible>(
        _ type: T.Type, seed: UInt64, randomBits: (inout SplitMix64) -> T
    ) where T.RawSignificand: FixedWidthInteger {
        var generator = SplitMix64(seed: seed)
        var values: [T] = [0, -0.0, 1, -1, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                           .leastNonzeroMagnitude, .leastNormalMagnitude, .ulpOfOne, 0.1, 1.0 / 3]
        while values.count < iterations {
            let value = randomBits(&generator)
            if value.isFinite { values.append(value) } // every bit pattern: subnormals, huge, tiny
            values.append(T.random(in: -1_000_000...1_000_000, using: &generator))
        }
        for value in values {
            XCTAssertEqual(T(value.description), value)
            XCTAssertEqual(try T.parse(value.description, using: .posix).get(), value, "\(value)")
            let comma = value.description.replacingOccurrences(of: ".", with: ",")
            XCTAssertEqual(try T.parse(comma, using: german).get(), value, comma)
        }
    }

    func testDoubleRoundTrips() {
        assertFloatingRoundTrip(Double.self, seed: 11) { Double(bitPattern: $0.next()) }
    }

    func testFloatRoundTrips() {
        assertFloatingRoundTrip(Float.self, seed: 12) { Float(bitPattern: UInt32(truncatingIfNeeded: $0.next())) }
    }

    func testNonFiniteDescriptionsRoundTripThroughTheStrictInitializer() {
        XCTAssertEqual(Double(Double.infinity.description), .infinity)
        XCTAssertEqual(Double((-Double.infinity).description), -.infinity)
        XCTAssertEqual(Float(Float.infinity.description), .infinity)
    }

    func testDecimalRoundTrips() {
        var generator = SplitMix64(seed: 13)
        var values: [Decimal] = [0, 1, -1, .greatestFiniteMagnitude, .leastFiniteMagnitude, Decimal(string: "0.1")!]
        for _ in 0..<iterations {
            let significand = Decimal(UInt64.random(in: 0...UInt64.max, using: &generator))
                * Decimal(UInt64.random(in: 0...UInt64.max >> 20, using: &generator))
            let value = Decimal(
                sign: Bool.random(using: &generator) ? .plus : .minus,
                exponent: Int.random(in: -40...40, using: &generator),
                significand: significand
            )
            values.append(value)
        }
        for value in values {
            XCTAssertEqual(Decimal(value.description), value, value.description)
            XCTAssertEqual(try Decimal.parse(value.description, using: .posix).get(), value)
        }
    }
}
