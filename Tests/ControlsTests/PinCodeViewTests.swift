import ControlState
@testable import Controls
@testable import PinControls
@_spi(Testing) import Gtk
import GtkTesting
import Localization
import PinCode
import XCTest

/// Renders a real `PinCodeView` and checks that it draws what the engine resolved.
final class PinCodeViewTests: XCTestCase {
    @MainActor
    private final class Fixture {
        let window = Window()
        let view: PinCodeView
        let other = Button(label: "Elsewhere")

        init() {
            let control = PinCodeControl(parameters: .init(length: 4, spacing: 16, itemSize: 24))
            // Distinct insides for the states whose untyped items would otherwise be clear.
            control.setFillColor(PinColor(red: 0, green: 0, blue: 1), for: PinCodeStates.plain)
            control.setFillColor(PinColor(red: 1, green: 0.5, blue: 0), for: PinCodeStates.highlighted)
            view = PinCodeView(control: control)
            let box = Box(.vertical)
            box.append(view.widget)
            box.append(other)
            window.child = box
            window.present()
            MainContext.spin(until: { self.view.widget.isMapped && self.view.widget.width > 0 })
        }

        func focusElsewhere() {
            other.grabFocus()
            MainContext.spin(until: { !self.view.hasFocus })
        }

        /// The colour drawn at the centre of item `index`, un-premultiplied.
        func pixel(atItem index: Int) throws -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            view.widget.queueDraw()
            for _ in 0..<20 { MainContext.iterate() }
            // The first frame may not have been drawn yet.
            MainContext.spin(until: { self.view.widget.renderTexture() != nil })
            let texture = try XCTUnwrap(view.widget.renderTexture())
            let frame = view.control.itemFrames(width: Double(texture.width), height: Double(texture.height))[index]
            return texture.pixel(x: Int(frame.center.x), y: Int(frame.center.y))
        }

        func assertItem(_ index: Int, shows color: PinColor, file: StaticString = #filePath, line: UInt = #line) throws {
            let drawn = try pixel(atItem: index)
            func byte(_ value: Double) -> Int { Int((value * 255).rounded()) }
            let tolerance = 3
            XCTAssertLessThanOrEqual(abs(Int(drawn.alpha) - byte(color.alpha)), tolerance, "alpha", file: file, line: line)
            XCTAssertLessThanOrEqual(abs(Int(drawn.red) - byte(color.red)), tolerance, "red", file: file, line: line)
            XCTAssertLessThanOrEqual(abs(Int(drawn.green) - byte(color.green)), tolerance, "green", file: file, line: line)
            XCTAssertLessThanOrEqual(abs(Int(drawn.blue) - byte(color.blue)), tolerance, "blue", file: file, line: line)
        }

        func type(_ digits: String) { digits.forEach { view.type($0) } }

        func sendKey(_ keyval: Key) { _ = view.handleKey(keyval, []) }
    }

    func testPlainStateDrawsTheResolvedFill() throws {
        try GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.focusElsewhere()
            fixture.type("2")
            XCTAssertEqual(fixture.view.control.state, [])
            try fixture.assertItem(1, shows: fixture.view.control.style(ofItem: 1).fill)
            try fixture.assertItem(1, shows: PinColor(red: 0, green: 0, blue: 1))
            try fixture.assertItem(0, shows: fixture.view.control.style(ofItem: 0).fill)
        }
    }

    func testFocusHighlightsAndDrawsTheHighlightedFill() throws {
        try GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.view.grabFocus()
            MainContext.spin(until: { fixture.view.control.isHighlighted })
            XCTAssertTrue(fixture.view.control.state.contains(.highlighted))
            try fixture.assertItem(0, shows: PinColor(red: 1, green: 0.5, blue: 0))
        }
    }

    func testValidCodeDrawsTheValidColour() throws {
        try GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.type("5978")
            XCTAssertTrue(fixture.view.control.state.contains(.valid))
            try fixture.assertItem(2, shows: PinColor(red: 76, green: 145, blue: 65, alpha: 0.7, scale: 255))
        }
    }

    func testInvalidCodeDrawsTheInvalidColourAndIsInvalidForAssistiveTechnologies() throws {
        try GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.type("1234")
            XCTAssertTrue(fixture.view.control.state.contains(.invalid))
            try fixture.assertItem(3, shows: PinColor(red: 250, green: 88, blue: 87, scale: 255))
            XCTAssertEqual(fixture.view.spokenCount, "4 of 4 digits entered")
        }
    }

    func testInsensitiveViewIsDisabledAndDrawsTheDisabledColour() throws {
        try GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.type("24")
            fixture.view.widget.isSensitive = false
            XCTAssertFalse(fixture.view.control.isEnabled)
            try fixture.assertItem(0, shows: PinColor.gray.withAlpha(0.5))
            try fixture.assertItem(3, shows: PinColor.gray.withAlpha(0.5))
        }
    }

    func testEachEditAnnouncesTheCountPolitelyAndNeverADigit() {
        GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            let announcer = Announcer.of(fixture.window)
            fixture.type("246")
            XCTAssertEqual(fixture.view.spokenCount, "3 of 4 digits entered")
            XCTAssertTrue(announcer.hasSaid("3 of 4 digits entered", .polite), "announced: \(announcer.saidMessages)")
            fixture.sendKey(.escape)
            fixture.view.deleteBackward()
            XCTAssertTrue(MainContext.spin(until: { announcer.said.count == 5 }), "announced: \(announcer.saidMessages)")
            // Backspace with no digit says the count too: the key was heard.
            XCTAssertEqual(announcer.saidMessages, ["1 of 4 digits entered", "2 of 4 digits entered", "3 of 4 digits entered",
                                                    "0 of 4 digits entered", "0 of 4 digits entered"])
            XCTAssertTrue(announcer.said.allSatisfy { $0.politeness == .polite })
            XCTAssertFalse(announcer.saidMessages.contains { $0.contains("246") })
            // A count is news, not what the field is: the entry has no description.
            XCTAssertFalse(fixture.view.entry.showsAccessibleDescription("0 of 4 digits entered"))
        }
    }

    func testTheCountIsTranslatedWithItsPluralForm() {
        GtkRuntime.test {
            Localization.translator = Counting()
            defer { Localization.translator = nil }
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.type("2")
            XCTAssertEqual(fixture.view.spokenCount, "1/4 (plural)")
        }
    }

    func testKeyboardDigitsBackspaceAndEscapeEditTheCode() {
        GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.view.grabFocus()
            let keys: [Key] = [Key("2"), .keypad4, .backspace, Key("6")]
            for key in keys { fixture.sendKey(key) }
            XCTAssertEqual(fixture.view.control.pinCode.code, "26")
            fixture.sendKey(Key.escape)
            XCTAssertEqual(fixture.view.control.pinCode.count, 0)
        }
    }

    func testNumberPadKeysWithoutNumLockTypeNothingAndSayNumLockIsOff() {
        GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            var told = 0
            fixture.view.onNumLockOff = { told += 1 }
            let withoutNumLock: [Key] = [
                .keypadInsert, .keypadEnd, .keypadDown, .keypadPageDown, .keypadLeft,
                .keypadBegin, .keypadRight, .keypadHome, .keypadUp, .keypadPageUp,
            ]
            for key in withoutNumLock {
                XCTAssertTrue(fixture.view.handleKey(key, []), "keyval \(key)")
            }
            XCTAssertEqual(told, withoutNumLock.count)
            XCTAssertEqual(fixture.view.control.pinCode.count, 0)
        }
    }

    func testNumberPadDigitsWithNumLockTypeWithoutTheNumLockMessage() {
        GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            var told = 0
            fixture.view.onNumLockOff = { told += 1 }
            for key: Key in [.keypad1, .keypad0, .keypad5] { fixture.sendKey(key) }
            XCTAssertEqual(fixture.view.control.pinCode.code, "105")
            XCTAssertEqual(told, 0)
            XCTAssertFalse(PinCodeView.isNumberPadKeyWithoutNumLock(Key.left))
            XCTAssertFalse(PinCodeView.isNumberPadKeyWithoutNumLock(Key.keypadDelete))
        }
    }

    func testItemsFillFromTheLeftInARightToLeftLocale() throws {
        try GtkRuntime.test {
            Widget.defaultTextDirection = .rtl
            defer { Widget.defaultTextDirection = .ltr }
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.focusElsewhere()
            fixture.type("2")
            let filled = fixture.view.control.style(ofItem: 0).fill
            let empty = fixture.view.control.style(ofItem: 3).fill
            XCTAssertNotEqual(filled, empty)
            // The leftmost item shows the typed digit, the rightmost the empty look.
            try fixture.assertItem(0, shows: filled)
            try fixture.assertItem(3, shows: empty)
        }
    }
}

/// A translator with its own words for the PIN view's count (its plural form for a length of 4).
private struct Counting: Translator {
    func translate(_ message: String) -> String? { nil }
    func translate(_ singular: String, _ plural: String, count: Int) -> String? {
        singular == "{count} of %d digit entered" ? (count == 1 ? "{count}/%d" : "{count}/%d (plural)") : nil
    }
}
