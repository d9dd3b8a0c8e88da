import ControlState
@testable import Controls
@testable import PinControls
@_spi(Testing) import Gtk
import GtkTesting
import PinCode
import XCTest

final class PinPadTests: XCTestCase {
    func testKeysAreLaidOutAsAPhoneKeypadWithReadableNames() {
        let names = PinPad.layout.map { $0.map(\.accessibleName) }
        XCTAssertEqual(names, [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], ["Clear", "0", "Backspace"]])
    }

    func testActivatingAKeyReportsIt() {
        GtkRuntime.test {
            let pad = PinPad()
            var pressed: [PinPad.Key] = []
            pad.onKey = { pressed.append($0) }
            pad.button(for: .digit("7")).click()
            pad.button(for: .backspace).click()
            pad.button(for: .clear).click()
            XCTAssertEqual(pressed, [.digit("7"), .backspace, .clear])
        }
    }

    func testKeysNeverTakeTheFocusOnClick() {
        GtkRuntime.test {
            let pad = PinPad()
            for key in PinPad.layout.joined() {
                XCTAssertFalse(pad.button(for: key).focusesOnClick, key.accessibleName)
            }
        }
    }

    func testKeyLooksFollowTheAppearanceTable() {
        GtkRuntime.test {
            let pad = PinPad()
            XCTAssertEqual(pad.currentLook(of: .digit("5")), "key-default")
            pad.isEnabled = false
            XCTAssertEqual(pad.currentLook(of: .digit("5")), "key-disabled")
            XCTAssertTrue(pad.button(for: .digit("5")).hasCSSClass("key-disabled"))
            XCTAssertFalse(pad.button(for: .digit("5")).hasCSSClass("key-default"))
            pad.isEnabled = true
            XCTAssertEqual(pad.currentLook(of: .digit("5")), "key-default")
        }
    }

    func testCustomLooksReplaceTheDefaults() {
        GtkRuntime.test {
            let pad = PinPad()
            var looks = AppearanceTable<String>()
            looks.set("plain-key", for: .default)
            pad.looks = looks
            pad.isEnabled = false
            // No disabled look set: the table falls back to the default one.
            XCTAssertEqual(pad.currentLook(of: .digit("1")), "plain-key")
        }
    }
}

final class PinPadKeyboardTests: XCTestCase {
    @MainActor
    private static func press(_ pad: PinPad, _ keyval: Gtk.Key, _ modifiers: Modifiers = [])
        -> Bool {
        pad.steerRing(keyval, modifiers)
    }

    func testKeysNeverTakeTheKeyboardFocus() {
        GtkRuntime.test {
            let pad = PinPad()
            for key in PinPad.layout.joined() {
                XCTAssertFalse(pad.button(for: key).isFocusable, key.accessibleName)
            }
        }
    }

    func testTheFirstArrowShowsTheRingOnOneAndArrowsMoveItStayingOnThePad() {
        GtkRuntime.test {
            let pad = PinPad()
            var spoken: [String] = []
            pad.onRingMove = { spoken.append($0) }
            let view = PinCodeView(control: PinCodeControl(parameters: .init(length: 4)))
            pad.follow(view)
            XCTAssertNil(pad.ringKey)
            XCTAssertTrue(Self.press(pad, .down))
            XCTAssertEqual(pad.ringKey, .digit("1"))
            XCTAssertTrue(Self.press(pad, .right))
            XCTAssertTrue(Self.press(pad, .down))
            XCTAssertEqual(pad.ringKey, .digit("5"))
            XCTAssertTrue(Self.press(pad, .down))
            XCTAssertTrue(Self.press(pad, .down))
            XCTAssertTrue(Self.press(pad, .down))
            XCTAssertEqual(pad.ringKey, .digit("0"), "the ring stops at the bottom row")
            XCTAssertTrue(Self.press(pad, .right))
            XCTAssertTrue(Self.press(pad, .right))
            XCTAssertEqual(pad.ringKey, .backspace, "the ring stops at the right edge")
            XCTAssertTrue(Self.press(pad, .up))
            XCTAssertTrue(Self.press(pad, .left))
            XCTAssertEqual(pad.ringKey, .digit("8"))
            XCTAssertEqual(spoken, ["1 key", "2 key", "5 key", "8 key", "0 key", "0 key", "Backspace key",
                                    "Backspace key", "9 key", "8 key"])
            XCTAssertFalse(Self.press(pad, .right, .control), "Ctrl+arrows are not the pad's")
            XCTAssertFalse(Self.press(pad, .tab), "Tab keeps moving the focus between widgets")
            XCTAssertFalse(Self.press(pad, Key("5")), "digits are the PIN view's")
        }
    }

    func testSpaceAndEnterPressTheKeyTheRingIsOnWhileTheViewHasTheFocus() {
        GtkRuntime.test {
            let window = Window()
            let pad = PinPad()
            pad.onRingMove = { _ in }
            let view = PinCodeView(control: PinCodeControl(parameters: .init(length: 4)))
            let box = Box(.vertical)
            box.append(view.widget)
            box.append(pad.widget)
            window.child = box
            var pressed: [PinPad.Key] = []
            pad.onKey = { pressed.append($0) }
            pad.follow(view)
            XCTAssertFalse(Self.press(pad, .space), "no ring yet: Space is not the pad's")
            _ = Self.press(pad, .right)
            XCTAssertFalse(Self.press(pad, .space), "the view does not have the focus")
            XCTAssertFalse(pad.isRinged(.digit("1")))
            window.present()
            XCTAssertTrue(view.grabFocus())
            XCTAssertTrue(MainContext.spin(until: { view.hasFocus }))
            XCTAssertTrue(pad.isRinged(.digit("1")))
            XCTAssertTrue(Self.press(pad, .space))
            _ = Self.press(pad, .right)
            XCTAssertTrue(Self.press(pad, .return))
            XCTAssertTrue(Self.press(pad, .keypadEnter))
            XCTAssertEqual(pressed, [.digit("1"), .digit("2"), .digit("2")])
            window.destroy()
        }
    }

    func testTheRingIsTheSelectedLookAndGoesWhenThePadIsDisabled() {
        GtkRuntime.test {
            let window = Window()
            let pad = PinPad()
            pad.onRingMove = { _ in }
            let view = PinCodeView(control: PinCodeControl(parameters: .init(length: 4)))
            let box = Box(.vertical)
            box.append(view.widget)
            box.append(pad.widget)
            window.child = box
            pad.follow(view)
            window.present()
            XCTAssertTrue(view.grabFocus())
            XCTAssertTrue(MainContext.spin(until: { view.hasFocus }))
            _ = Self.press(pad, .down)
            _ = Self.press(pad, .right)
            XCTAssertEqual(pad.currentLook(of: .digit("2")), "key-selected")
            XCTAssertEqual(pad.currentLook(of: .digit("1")), "key-default", "one key shows the ring")
            pad.isEnabled = false
            XCTAssertEqual(pad.currentLook(of: .digit("2")), "key-disabled")
            XCTAssertFalse(Self.press(pad, .right), "a disabled pad takes no keys")
            pad.isEnabled = true
            XCTAssertEqual(pad.currentLook(of: .digit("2")), "key-selected")
            window.destroy()
        }
    }

    func testTheKeypadStaysLeftToRightInARightToLeftLanguage() {
        GtkRuntime.test {
            let pad = PinPad()
            XCTAssertEqual(pad.widget.textDirection, .ltr)
        }
    }

    func testTheBackspaceKeyIsNamedWithoutItsImage() {
        GtkRuntime.test {
            let pad = PinPad()
            let key = pad.button(for: .backspace)
            let image = key.child
            XCTAssertNotNil(image)
            XCTAssertFalse(image.map { key.isAccessiblyLabelled(by: $0) } ?? true)
            XCTAssertTrue(key.showsAccessibleDescription("Delete the last digit"))
        }
    }

    func testKeypadKeepsOneTwoThreeFromLeftToRightInARightToLeftLocale() {
        GtkRuntime.test {
            Widget.defaultTextDirection = .rtl
            defer { Widget.defaultTextDirection = .ltr }
            let pad = PinPad()
            // A grid that is not a keypad mirrors, as the rest of the window does.
            let mirrored = Grid(rowSpacing: 0, columnSpacing: 0)
            let first = Button(label: "first"), second = Button(label: "second")
            mirrored.attach(first, column: 0, row: 0)
            mirrored.attach(second, column: 1, row: 0)
            let box = Box(.vertical)
            box.append(pad.widget)
            box.append(mirrored)
            let window = Window()
            defer { window.destroy() }
            window.child = box
            window.present()
            MainContext.spin(until: { pad.widget.isMapped && pad.widget.width > 0 && mirrored.width > 0 })
            @MainActor func x(_ key: PinPad.Key) -> Double { pad.button(for: key).bounds(in: pad.widget)?.x ?? .nan }
            XCTAssertLessThan(x(.digit("1")), x(.digit("2")))
            XCTAssertLessThan(x(.digit("2")), x(.digit("3")))
            XCTAssertLessThan(x(.digit("7")), x(.digit("9")))
            XCTAssertLessThan(x(.clear), x(.backspace))
            let icon = pad.button(for: .backspace).child
            XCTAssertEqual(icon?.textDirection, .ltr, "the Backspace icon is mirrored")
            let firstX = first.bounds(in: mirrored)?.x ?? .nan
            let secondX = second.bounds(in: mirrored)?.x ?? .nan
            XCTAssertGreaterThan(firstX, secondX, "the test runs right to left")
        }
    }

    func testTheNumberPadsArrowsDoNotMoveTheRing() {
        GtkRuntime.test {
            let pad = PinPad()
            pad.onRingMove = { _ in }
            for key: Gtk.Key in [.keypadLeft, .keypadRight, .keypadUp, .keypadDown] {
                XCTAssertFalse(pad.steerRing(key, []))
            }
            XCTAssertNil(pad.ringKey)
            XCTAssertTrue(pad.steerRing(Gtk.Key.right, []))
            XCTAssertEqual(pad.ringKey, .digit("1"))
        }
    }
}
