import PinCode
import SeededRandom
import XCTest

final class PinCodeFuzzTests: XCTestCase {
    /// Digits, whitespace, ASCII noise, look-alike digits, combining marks, emoji, controls.
    private static let alphabet: [Character] = Array("0123456789 \t\n\r\u{0}-+.,aZ٣１\u{301}\u{200B}😀é\u{FEFF}")
        + ["\r\n", "1\u{301}"]

    private func randomString(using generator: inout SplitMix64) -> String {
        let length = Int.random(in: 0...10, using: &generator)
        return String((0..<length).map { _ in Self.alphabet.randomElement(using: &generator)! })
    }

    func testRandomInputKeepsTheBufferConsistent() {
        // A fixed seed, so a failure replays.
        var generator = SplitMix64(seed: 20_240_601)
        let pins = [PinCode(length: 4), PinCode(length: 6)]
        for _ in 0..<100_000 {
            let pin = pins[Int.random(in: 0...1, using: &generator)]
            let text = randomString(using: &generator)
            let countBefore = pin.count
            switch Int.random(in: 0..<8, using: &generator) {
            case 0..<4:
                for character in text { pin.insert(character) }
            case 4..<6:
                if case .success(let outcome) = pin.paste(text) {
                    XCTAssertEqual(pin.count, countBefore + outcome.insertedCount)
                } else {
                    XCTAssertEqual(pin.count, countBefore)
                }
            case 6:
                pin.deleteBackward()
            default:
                pin.clear()
            }
            XCTAssertTrue((0...pin.length).contains(pin.count))
            XCTAssertTrue(pin.code.utf8.allSatisfy { (48...57).contains($0) })
            XCTAssertEqual(pin.code.utf8.count, pin.count)
            _ = pin.validate()
        }
    }
}
