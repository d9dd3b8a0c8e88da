@_spi(Testing) import Gtk
import GtkTesting
import XCTest

/// `Widget.announce` reaches the accessibility bus as AT-SPI's announcement, which Orca 48
/// speaks, with GTK's priority as AT-SPI's politeness (run under dbus-run-session, whose session
/// bus starts the accessibility bus).
final class AnnouncementTests: XCTestCase {
    func testAnAnnouncementIsHeardOnTheBusWithItsPoliteness() throws {
        try GtkRuntime.test {
            let listener = try XCTUnwrap(AnnouncementListener(), "no accessibility bus")
            defer { listener.stop() }
            // Its registration known, the bus has its match rule (asked for first).
            XCTAssertTrue(MainContext.spin(until: { AssistiveTechnology.hasHeardFromRegistry && AssistiveTechnology.isListening }))
            let window = Window()
            defer { window.destroy() }
            let entry = Entry()
            window.child = entry
            window.present()
            XCTAssertTrue(MainContext.spin(until: { entry.isMapped && entry.grabFocus() && entry.containsFocus }))

            // From the window, which GTK put on the bus as it was shown.
            window.announce("Wrong PIN — 4 attempts left", priority: .high)
            window.announce("3 of 4 digits entered", priority: .medium)
            let expected = [AnnouncementListener.Announcement("Wrong PIN — 4 attempts left", isAssertive: true),
                            AnnouncementListener.Announcement("3 of 4 digits entered", isAssertive: false)]
            XCTAssertTrue(MainContext.spin(until: { listener.heard == expected }, timeout: 5), "heard: \(listener.heard)")
        }
    }

    func testAnAnnouncementLeavesTheDescriptionAlone() {
        GtkRuntime.test {
            let window = Window()
            defer { window.destroy() }
            let entry = Entry()
            entry.setAccessibleDescription("In metres, like 1.80")
            window.child = entry
            window.present()
            entry.announce("Saved", priority: .medium)
            XCTAssertTrue(entry.showsAccessibleDescription("In metres, like 1.80"))
        }
    }
}
