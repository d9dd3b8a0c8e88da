@testable import Controls
@_spi(Testing) import Gtk
import GtkTesting
import PinCode
@testable import PinControls
import XCTest

/// What screen readers are told: announcements (`gtk_accessible_announce`), each polite or
/// assertive, sent from the window, and only while a client of the accessibility bus
/// listens. A widget's description is left as it was.
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

    func testAnAnnouncementIsSentWithItsPolitenessAndDescribesNothing() throws {
        try GtkRuntime.test {
            let listener = try XCTUnwrap(AnnouncementListener(), "no accessibility bus")
            defer { listener.stop() }
            XCTAssertTrue(MainContext.spin(until: { AssistiveTechnology.hasHeardFromRegistry && AssistiveTechnology.isListening }))
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.first.setAccessibleDescription("Its own")
            fixture.first.grabFocus()
            let announcer = Announcer.of(fixture.window)
            announcer.announce("Wrong PIN — 4 attempts left", .assertive)
            announcer.announce("Unlocked", .polite)
            let expected = [AnnouncementListener.Announcement("Wrong PIN — 4 attempts left", isAssertive: true),
                            AnnouncementListener.Announcement("Unlocked", isAssertive: false)]
            XCTAssertTrue(MainContext.spin(until: { listener.heard == expected }), "heard: \(listener.heard)")
            XCTAssertTrue(fixture.first.showsAccessibleDescription("Its own"), "an announcement is not a description")
        }
    }

    func testNothingIsSentWhileNobodyListens() throws {
        try GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.first.grabFocus()
            XCTAssertTrue(MainContext.spin(until: { AssistiveTechnology.hasHeardFromRegistry && !AssistiveTechnology.isListening }),
                          "a client listens before the test")
            // Heard on the bus without registering with the registry: the app knows of no listener.
            let listener = try XCTUnwrap(AnnouncementListener(registering: false), "no accessibility bus")
            defer { listener.stop() }
            let announcer = Announcer.of(fixture.window)
            announcer.announce("1 of 4 digits entered", .polite)
            XCTAssertTrue(announcer.hasSaid("1 of 4 digits entered", .polite))
            // The same call on the window, as the announcer makes it, is heard: the bus would
            // have carried it.
            fixture.window.announce("Heard", priority: .medium)
            XCTAssertTrue(MainContext.spin(until: { !listener.heard.isEmpty }), "the bus carries nothing")
            XCTAssertEqual(listener.heard, [AnnouncementListener.Announcement("Heard", isAssertive: false)])
        }
    }

    func testAnnouncementsMadeTogetherAreSaidInOrderAndAQuietOneWaitsItsTurn() {
        GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.first.grabFocus()
            let announcer = Announcer.of(fixture.window)
            announcer.announce("2 fields need attention", .assertive)
            announcer.announceIfQuiet("Age: Enter a whole number", .assertive)
            announcer.announce("4 of 4 digits entered", .polite)
            XCTAssertTrue(announcer.hasSaid("4 of 4 digits entered", .polite))
            XCTAssertEqual(announcer.said, [.init(message: "2 fields need attention", politeness: .assertive),
                                            .init(message: "4 of 4 digits entered", politeness: .polite)])
            announcer.announceIfQuiet("Age: Enter a whole number", .assertive)
            XCTAssertTrue(announcer.hasSaid("Age: Enter a whole number", .assertive), "nothing was waiting")
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
            XCTAssertTrue(Announcer.of(window).hasSaid("2 of 4 digits entered", .polite))
            XCTAssertEqual(view.entry.accessibleRole, .textBox)
            XCTAssertTrue(view.hasFocus)
        }
    }
}
