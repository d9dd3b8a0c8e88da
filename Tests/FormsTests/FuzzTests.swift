import Foundation
import SeededRandom
import XCTest
@testable import Forms

/// Random strings through every converter and through `resolve`: nothing may crash, and every
/// accepted number must read back from its own description.
final class FuzzTests: XCTestCase {
    private static let alphabet: [String] = {
        let common = Array("0123456789012345678901234567890123456789+-.,eE ").map(String.init)
        let odd = ["\t", "\n", "\u{00A0}", "\u{202F}", "٫", "٣", "−", "x", "a", "Z", "@", "é", "e\u{301}",
                   "👍🏽", "🇩🇪", "\u{0}", "nan", "inf", "0x", "_", "'", "\u{FEFF}", "١٢"]
        return common + odd
    }()

    private static func randomString(using generator: inout SplitMix64) -> String {
        // Mostly short strings, sometimes long runs of digits that overflow every type.
        let length = Int.random(in: 0...(Int.random(in: 0..<20, using: &generator) == 0 ? 60 : 12), using: &generator)
        var text = ""
        for _ in 0..<length {
            text += alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
        }
        return text
    }

    private struct Everything {
        var string = ""
        var int = 0
        var int8: Int8 = 0
        var int16: Int16 = 0
        var int32: Int32 = 0
        var int64: Int64 = 0
        var uint: UInt = 0
        var uint8: UInt8 = 0
        var uint16: UInt16 = 0
        var uint32: UInt32 = 0
        var uint64: UInt64 = 0
        var double: Double?
        var float: Float = 0
        var decimal: Decimal = 0
        var closure = ""
    }

    /// Counts acceptances, and texts whose value does not read back from its description.
    private struct Tally {
        var accepted = 0
        var mismatches: [String] = []

        mutating func check<T: StringTwoWayConvertible & Equatable>(_ text: String, as type: T.Type, using parsing: NumberParsing) {
            guard case .success(let value) = T.parse(text, using: parsing) else { return }
            accepted += 1
            if case .success(let again) = T.parse(value.description, using: .posix), again == value { return }
            mismatches.append("\(T.self): \(text)")
        }
    }

    func testMillionRandomStringsThroughEveryConverter() {
        var generator = SplitMix64(seed: 2024)
        let parsings = [NumberParsing.posix, NumberParsing(locale: Locale(identifier: "de_DE"))]
        var tally = Tally()
        for round in 0..<1_000_000 {
            let text = Self.randomString(using: &generator)
            let parsing = parsings[round & 1]
            tally.check(text, as: String.self, using: parsing)
            tally.check(text, as: Int.self, using: parsing)
            tally.check(text, as: Int8.self, using: parsing)
            tally.check(text, as: Int16.self, using: parsing)
            tally.check(text, as: Int32.self, using: parsing)
            tally.check(text, as: Int64.self, using: parsing)
            tally.check(text, as: UInt.self, using: parsing)
            tally.check(text, as: UInt8.self, using: parsing)
            tally.check(text, as: UInt16.self, using: parsing)
            tally.check(text, as: UInt32.self, using: parsing)
            tally.check(text, as: UInt64.self, using: parsing)
            tally.check(text, as: Double.self, using: parsing)
            tally.check(text, as: Float.self, using: parsing)
            tally.check(text, as: Decimal.self, using: parsing)
            _ = Double(text)
            _ = Decimal(text)
        }
        XCTAssertEqual(tally.mismatches, [])
        XCTAssertGreaterThan(tally.accepted, 1_000_000) // Strings always convert; some numbers do too.
    }

    func testRandomStringsThroughResolve() {
        var generator = SplitMix64(seed: 7)
        let form = Form<Everything>(prototype: Everything())
        let parsing = NumberParsing(locale: Locale(identifier: "de_DE"))
        let inputs = (0..<15).map { _ in TextInput<String>() }
        let typed: [AnyObject] = [
            TextInput<Int>(numberParsing: parsing), TextInput<Int8>(numberParsing: parsing),
            TextInput<Int16>(numberParsing: parsing), TextInput<Int32>(numberParsing: parsing),
            TextInput<Int64>(numberParsing: parsing), TextInput<UInt>(numberParsing: parsing),
            TextInput<UInt8>(numberParsing: parsing), TextInput<UInt16>(numberParsing: parsing),
            TextInput<UInt32>(numberParsing: parsing), TextInput<UInt64>(numberParsing: parsing),
            TextInput<Double>(numberParsing: parsing), TextInput<Float>(numberParsing: parsing),
            TextInput<Decimal>(numberParsing: parsing),
        ]
        // swiftlint:disable force_cast
        var ids = [
            form.bind(inputs[0], to: \.string, rules: [.minLength(2), .email, .pattern("[0-9]+", message: "Digits")]),
            form.bind(typed[0] as! TextInput<Int>, to: \.int, rules: [.range(-5...5)]),
            form.bind(typed[1] as! TextInput<Int8>, to: \.int8),
            form.bind(typed[2] as! TextInput<Int16>, to: \.int16),
            form.bind(typed[3] as! TextInput<Int32>, to: \.int32),
            form.bind(typed[4] as! TextInput<Int64>, to: \.int64),
            form.bind(typed[5] as! TextInput<UInt>, to: \.uint, rules: [.atMost(120, message: "Too old")]),
            form.bind(typed[6] as! TextInput<UInt8>, to: \.uint8),
            form.bind(typed[7] as! TextInput<UInt16>, to: \.uint16),
            form.bind(typed[8] as! TextInput<UInt32>, to: \.uint32),
            form.bind(typed[9] as! TextInput<UInt64>, to: \.uint64),
            form.bind(typed[10] as! TextInput<Double>, to: \.double, rules: [.atLeast(0)]),
            form.bind(typed[11] as! TextInput<Float>, to: \.float),
            form.bind(typed[12] as! TextInput<Decimal>, to: \.decimal),
        ]
        ids.append(form.bind(input: inputs[1]) { model, input in
            guard let text = input.output, text.count < 5 else { return (false, nil) }
            model.closure = text
            return (true, nil)
        })
        form.addRow(Array(ids[0..<5]).map { FormElement($0) })
        form.addRow([.spacer()] + Array(ids[5...]).map { FormElement($0, size: 2) })
        let allInputs: [any FormInput] = [inputs[0]] + typed.map { $0 as! any FormInput } + [inputs[1]]
        // swiftlint:enable force_cast
        for round in 0..<Self.resolveRounds {
            let text = Self.randomString(using: &generator)
            for input in allInputs { input.text = text }
            var model = Everything()
            let (success, errors) = form.resolve(model: &model)
            if success && !errors.isEmpty { XCTFail("errors with success for \(text)") }
            if round % 4 == 0 {
                let keyed = form.resolve(Everything())
                if keyed.isSuccess != success || form.isResolvable != success {
                    XCTFail("resolve variants disagree for \(text)")
                }
            }
        }
    }

    /// Resolve runs 15 conversions, rules and errors per string, so it gets fewer rounds in a
    /// debug build than the converters; release builds run the full million.
    private static var resolveRounds: Int {
        #if DEBUG
        return 100_000
        #else
        return 1_000_000
        #endif
    }
}

private extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
