@testable @_spi(Testing) import Gtk
import XCTest

/// `AssistiveTechnology.isListening` follows the accessibility registry: what `Announcer` asks
/// before it sends anything (GTK 4.18 sends announcements over AT-SPI whether or not anyone
/// listens).
final class AssistiveListenerTests: XCTestCase {

    func testListeningFollowsTheRegistry() {
        GtkRuntime.test {
            let event = "object:announcement"
            _ = AssistiveTechnology.isListening
            // Run under dbus-run-session, whose session bus starts the accessibility bus and its registry.
            XCTAssertTrue(MainContext.spin(until: { AssistiveTechnology.hasHeardFromRegistry }, timeout: 10),
                          "the accessibility registry never answered")
            XCTAssertTrue(MainContext.spin(until: { !AssistiveTechnology.isListening }, timeout: 5),
                          "a client listens before the test registered one")

            XCTAssertTrue(AssistiveTechnology.registerListener(for: event))
            defer {
                AssistiveTechnology.deregisterListener(for: event)
                MainContext.spin(until: { !AssistiveTechnology.isListening }, timeout: 5)
            }
            XCTAssertTrue(MainContext.spin(until: { AssistiveTechnology.isListening }, timeout: 5),
                          "a registration was not heard of")

            AssistiveTechnology.deregisterListener(for: event)
            XCTAssertTrue(MainContext.spin(until: { !AssistiveTechnology.isListening }, timeout: 5),
                          "the registration taken back was not heard of")
        }
    }
}
