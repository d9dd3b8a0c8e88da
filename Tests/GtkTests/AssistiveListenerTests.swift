@testable @_spi(Testing) import Gtk
import XCTest

/// `AssistiveTechnology.isListening` follows the accessibility registry, and a description set
/// while nobody listened is shown once a client registers (`setHeardAccessibleDescription`).
final class AssistiveListenerTests: XCTestCase {

    func testListeningFollowsTheRegistryAndAWaitingDescriptionIsShownWhenAClientComes() {
        GtkRuntime.test {
            let event = "object:property-change:accessible-description"
            _ = AssistiveTechnology.isListening
            // Run under dbus-run-session, whose session bus starts the accessibility bus and its registry.
            XCTAssertTrue(MainContext.spin(until: { AssistiveTechnology.hasHeardFromRegistry }, timeout: 10),
                          "the accessibility registry never answered")
            XCTAssertFalse(AssistiveTechnology.isListening, "a client listens before the test registered one")

            let label = Label("Code")
            label.setHeardAccessibleDescription("2 of 4 digits entered")
            XCTAssertEqual(label.ownAccessibleDescription, "2 of 4 digits entered")
            XCTAssertTrue(ListenerWatch.shared.unshown.contains { $0.widget === label }, "shown although nobody listens")

            XCTAssertTrue(AssistiveTechnology.registerListener(for: event))
            defer {
                AssistiveTechnology.deregisterListener(for: event)
                MainContext.spin(until: { !AssistiveTechnology.isListening }, timeout: 5)
            }
            XCTAssertTrue(MainContext.spin(until: { AssistiveTechnology.isListening }, timeout: 5),
                          "a registration was not heard of")
            XCTAssertTrue(ListenerWatch.shared.unshown.isEmpty, "the waiting description was not shown")

            // While a client listens, a description is shown at once and nothing waits.
            label.setHeardAccessibleDescription("3 of 4 digits entered")
            XCTAssertEqual(label.ownAccessibleDescription, "3 of 4 digits entered")
            XCTAssertTrue(ListenerWatch.shared.unshown.isEmpty)

            AssistiveTechnology.deregisterListener(for: event)
            XCTAssertTrue(MainContext.spin(until: { !AssistiveTechnology.isListening }, timeout: 5),
                          "the registration taken back was not heard of")
        }
    }
}
