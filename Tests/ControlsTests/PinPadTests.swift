import CGtk
import ControlState
@testable import Controls
@testable import PinControls
import Gtk
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
    func testDigitsAndBackspaceTypedWhileAKeyHasFocusAreThatKeysPress() {
        let none = GdkModifierType(rawValue: 0)
        XCTAssertEqual(PinPad.key(typed: UInt32(GDK_KEY_7), none), .digit("7"))
        XCTAssertEqual(PinPad.key(typed: UInt32(GDK_KEY_KP_3), none), .digit("3"))
        XCTAssertEqual(PinPad.key(typed: UInt32(GDK_KEY_BackSpace), none), .backspace)
        XCTAssertNil(PinPad.key(typed: UInt32(GDK_KEY_space), none), "Space presses the focused key itself")
        XCTAssertNil(PinPad.key(typed: UInt32(GDK_KEY_5), GDK_CONTROL_MASK))
    }

    func testTheBackspaceKeyIsNamedWithoutItsImage() {
        GtkRuntime.test {
            let pad = PinPad()
            let key = pad.button(for: .backspace)
            XCTAssertFalse(key.isAccessiblyLabelled(by: Widget(widget: gtk_button_get_child(pf_button(key.raw)))))
            XCTAssertEqual(key.ownAccessibleDescription, "Delete the last digit")
        }
    }
}
