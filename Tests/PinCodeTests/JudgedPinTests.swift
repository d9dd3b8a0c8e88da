import ControlState
import XCTest
@testable import PinCode

/// A PIN that was judged (accepted or refused) leaves memory at once; the items keep their
/// verdict's look until the next edit.
final class JudgedPinTests: XCTestCase {
    private func control(_ digits: String) -> PinCodeControl {
        let control = PinCodeControl(parameters: .init(length: 4))
        control.showsValidity = false
        digits.forEach { control.insert($0) }
        return control
    }

    func testARefusedPinIsWipedAtOnceAndStillLooksRefused() {
        let control = control("2468")
        control.reject()
        XCTAssertEqual(control.pinCode._rawBytesForTesting, [0, 0, 0, 0])
        XCTAssertEqual(control.pinCode.code, "")
        XCTAssertTrue(control.state.contains([.filled, .invalid]))
        XCTAssertEqual(control.pinCode.count, 4)
    }

    func testAnAcceptedPinIsWipedAtOnceAndStillLooksValid() {
        let control = control("2468")
        control.accept()
        XCTAssertEqual(control.pinCode._rawBytesForTesting, [0, 0, 0, 0])
        XCTAssertEqual(control.pinCode.withDigits { $0.count }, 0)
        XCTAssertTrue(control.state.contains(.valid))
    }

    func testAJudgedPinKeepsItsVerdictWhenValidityIsShownAgain() {
        let control = control("2468")
        control.reject()
        control.showsValidity = true
        XCTAssertTrue(control.state.contains(.invalid))
    }

    func testTypingAfterClearingAJudgedPinStartsAFreshCode() {
        let control = control("2468")
        control.reject()
        control.clear()
        "1357".forEach { control.insert($0) }
        XCTAssertEqual(control.pinCode.code, "1357")
        XCTAssertFalse(control.pinCode.isWiped)
    }

    func testASecretCopiedBeforeJudgingKeepsItsDigits() {
        let control = control("2468")
        let secret = PinSecret(copying: control.pinCode)
        control.reject()
        XCTAssertEqual(secret.withDigits { Array($0) }, Array("2468".utf8))
    }
}
