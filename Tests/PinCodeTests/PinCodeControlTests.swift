import ControlState
import XCTest
@testable import PinCode

final class PinCodeControlTests: XCTestCase {
    let valid = PinColor(red: 76, green: 145, blue: 65, alpha: 0.7, scale: 255)
    private let invalid = PinColor(red: 250, green: 88, blue: 87, scale: 255)

    private func control(_ digits: String = "", length: Int = 4) -> PinCodeControl {
        let control = PinCodeControl(parameters: .init(length: length))
        digits.forEach { control.insert($0) }
        return control
    }

    func testPlainStateShowsEmptyItemsWithAGreyBorder() {
        let control = control("24")
        XCTAssertEqual(control.state, [])
        XCTAssertEqual(control.style(ofItem: 0), PinItemStyle(fill: .gray, border: .gray, borderWidth: 2))
        XCTAssertEqual(control.style(ofItem: 3), PinItemStyle(fill: .clear, border: .gray, borderWidth: 2))
    }

    func testFocusHighlightsTheBorder() {
        let control = control("2")
        control.isHighlighted = true
        XCTAssertEqual(control.style(ofItem: 3).border, PinColor(red: 53, green: 132, blue: 228, scale: 255))
        XCTAssertEqual(control.style(ofItem: 0).fill, .gray)
    }

    // Issue 24: 2468 is a keypad shape now; 5978 is a PIN with no pattern.
    func testValidCodeIsGreenEvenWhileFocused() {
        let control = control("5978")
        control.isHighlighted = true
        XCTAssertTrue(control.state.contains(.valid))
        XCTAssertEqual(control.style(ofItem: 0), PinItemStyle(fill: valid, border: valid, borderWidth: 2))
    }

    func testWeakCodeIsRedWithItsReason() {
        let control = control("1234")
        XCTAssertTrue(control.state.contains([.filled, .invalid]))
        XCTAssertEqual(control.rejection, .sequence)
        XCTAssertEqual(control.style(ofItem: 3), PinItemStyle(fill: invalid, border: invalid, borderWidth: 2))
    }

    func testDisabledWinsOverEverything() {
        let control = control("1234")
        control.isEnabled = false
        XCTAssertEqual(control.style(ofItem: 0).fill, PinColor.gray.withAlpha(0.5))
        XCTAssertEqual(control.style(ofItem: 0).border, PinColor.black.withAlpha(0.3))
    }

    func testWithoutValidityAFullCodeIsNeitherValidNorInvalidUntilRejected() {
        let control = control()
        control.showsValidity = false
        "1234".forEach { control.insert($0) }
        XCTAssertEqual(control.state, .filled)
        control.reject()
        XCTAssertTrue(control.state.contains(.invalid))
        XCTAssertEqual(control.style(ofItem: 0).fill, invalid)
        control.deleteBackward()
        XCTAssertEqual(control.state, [])
    }

    func testTypeCompleteFiresOnceWhenTheLastDigitGoesIn() {
        let control = control()
        var completions = 0
        let subscription = control.subscribe(on: .typeComplete) { _ in completions += 1 }
        "24689".forEach { control.insert($0) }
        XCTAssertEqual(completions, 1)
        control.deleteBackward()
        control.insert("8")
        XCTAssertEqual(completions, 2)
        subscription.cancel()
    }

    func testTypeCompleteFiresWhenAPasteCompletesTheCode() {
        let control = control("2")
        var completions = 0
        let subscription = control.subscribe(on: .typeComplete) { _ in completions += 1 }
        XCTAssertEqual(try control.paste("468").get().didComplete, true)
        XCTAssertEqual(completions, 1)
        _ = subscription
    }

    func testTypeCompleteArrivesAfterTheStateIsApplied() {
        let control = control("597")
        var stateAtCompletion: ControlState = []
        let subscription = control.subscribe(on: .typeComplete) { _ in stateAtCompletion = control.state }
        control.insert("8")
        XCTAssertTrue(stateAtCompletion.contains(.valid))
        _ = subscription
    }

    func testClearResetsEverything() {
        let control = control("1234")
        control.clear()
        XCTAssertEqual(control.pinCode.count, 0)
        XCTAssertEqual(control.state, [])
        XCTAssertNil(control.rejection)
    }

    func testDisabledControlRefusesInput() {
        let control = control("2")
        control.isEnabled = false
        XCTAssertEqual(control.insert("4"), .ignoredFull)
        XCTAssertEqual(control.pinCode.count, 1)
    }

    func testCustomStyleReplacesTheDefaultForItsState() {
        let control = control("1234")
        control.setForInvalidState(fillColor: .black, borderColor: .white, borderWidth: 5)
        XCTAssertEqual(control.style(ofItem: 0), PinItemStyle(fill: .black, border: .white, borderWidth: 5))
    }

    func testDarkThemeKeepsTypedItemsReadable() {
        let control = control("2")
        control.applyDefaultStyle(darkTheme: true)
        XCTAssertEqual(control.style(ofItem: 0).fill, PinColor(white: 0.8))
    }

    func testItemsAreCentred() {
        let control = PinCodeControl(parameters: .init(length: 4, spacing: 10, itemSize: 20))
        let frames = control.itemFrames(width: 200, height: 40)
        XCTAssertEqual(frames.first, .init(x: 45, y: 10, side: 20))
        XCTAssertEqual(frames.last, .init(x: 135, y: 10, side: 20))
    }

    func testAppearanceChangeIsReportedForEveryDigit() {
        let control = control()
        var changes = 0
        control.onAppearanceChange = { changes += 1 }
        control.insert("2")
        control.insert("4")
        XCTAssertGreaterThanOrEqual(changes, 2)
    }
}

extension PinCodeControlTests {
    func testAcceptShowsTheValidStyleWithoutValidationUntilTheNextEdit() {
        let control = PinCodeControl(parameters: .init(length: 4))
        control.showsValidity = false
        "1234".forEach { control.insert($0) }
        control.accept()
        XCTAssertTrue(control.state.contains(.valid))
        XCTAssertEqual(control.style(ofItem: 0).fill, valid)
        control.deleteBackward()
        XCTAssertFalse(control.state.contains(.valid))
    }
}
