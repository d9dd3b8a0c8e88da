@testable import Controls
@_spi(Testing) import Gtk
import GtkTesting
import PinCode
@testable import PinControls
import XCTest

/// What screen readers are told: through the focused widget's description (GTK 4.8 has no
/// announce call; Orca 43 speaks a change of the focused object's description).
final class AnnouncerTests: XCTestCase {
    @MainActor
    private final class Fixture {
        let window = Window()
        let first = Button(label: "First")
        let second = Button(label: "Second")

        init() {
            let box = Box(.vertical)
            box.append(first)
            box.append(second)
            window.child = box
            window.present()
            MainContext.spin(until: { self.first.isMapped })
        }
    }

    func testAnAnnouncementIsShownOnTheFocusedWidgetAndGivesWayWhenFocusMoves() {
        GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.second.setAccessibleDescription("Its own")
            fixture.first.grabFocus()
            let announcer = Announcer.of(fixture.window)
            announcer.announce("Wrong PIN — 4 attempts left")
            XCTAssertTrue(MainContext.spin(until: { fixture.first.showsAccessibleDescription("Wrong PIN — 4 attempts left") }))
            XCTAssertEqual(fixture.first.ownAccessibleDescription, "", "an announcement is not the widget's own")
            fixture.second.grabFocus()
            XCTAssertTrue(MainContext.spin(until: { fixture.first.showsAccessibleDescription("") }))
            announcer.announce("Unlocked")
            XCTAssertTrue(MainContext.spin(until: { fixture.second.showsAccessibleDescription("Unlocked") }))
            fixture.second.keepsAccessibleDescription = true
            announcer.announce("Age: Enter a whole number")
            XCTAssertTrue(MainContext.spin(until: {
                fixture.second.showsAccessibleDescription("Age: Enter a whole number. Its own")
            }), "a kept description is still heard after the message")
        }
    }

    func testAnnouncementsMadeTogetherSpeakTheLastAndAQuietOneWaitsItsTurn() {
        GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.first.grabFocus()
            let announcer = Announcer.of(fixture.window)
            announcer.announce("2 fields need attention")
            announcer.announceIfQuiet("Age: Enter a whole number")
            XCTAssertTrue(MainContext.spin(until: { announcer.lastMessage != nil }))
            XCTAssertEqual(announcer.lastMessage, "2 fields need attention")
        }
    }

    func testWithNoFocusTheFallbackSpeaks() {
        GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.window.setFocus(nil)
            let announcer = Announcer.of(fixture.window)
            announcer.fallback = fixture.second
            announcer.announce("Too many wrong PINs. Try again in 0:30.")
            XCTAssertTrue(MainContext.spin(until: {
                fixture.second.showsAccessibleDescription("Too many wrong PINs. Try again in 0:30.")
            }))
        }
    }

    func testTheAttentionSummaryCountsFieldsAndNamesTheFirst() {
        XCTAssertEqual(FormView<Int>.attentionSummary(count: 2, first: "Age", message: "Enter a whole number"),
                       "2 fields need attention. Age: Enter a whole number")
        XCTAssertEqual(FormView<Int>.attentionSummary(count: 1, first: nil, message: "Required"),
                       "1 field needs attention. Required")
    }

    func testThePinViewIsAnEmptyPasswordEntryWhateverIsTyped() {
        GtkRuntime.test {
            let window = Window()
            defer { window.destroy() }
            let view = PinCodeView(control: PinCodeControl(parameters: .init(length: 4)))
            window.child = view.widget
            window.present()
            XCTAssertTrue(view.grabFocus())
            for keyval in [Key("2"), .keypad4, Key("a")] {
                _ = view.handleKey(keyval, [])
            }
            view.entry.setText("1357")
            view.entry.insertText("9", at: 0)
            XCTAssertEqual(view.entry.text, "", "the entry refuses every insertion")
            XCTAssertEqual(view.control.pinCode.count, 2)
            XCTAssertEqual(view.entry.ownAccessibleDescription, "2 of 4 digits entered")
            XCTAssertEqual(view.entry.accessibleRole, .textBox)
            XCTAssertTrue(view.hasFocus)
        }
    }
}
