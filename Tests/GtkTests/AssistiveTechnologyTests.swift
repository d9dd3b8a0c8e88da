@testable import Gtk
import XCTest

/// Which registrations with the accessibility registry mean a client follows the focus (as Orca
/// does, and so echoes keys typed on a button before the app hears them).
final class AssistiveTechnologyTests: XCTestCase {
    func testFocusRegistrationsAreRecognisedAsTheRegistryAndPyatspiNameThem() {
        for event in ["Object:StateChanged:Focused", "Focus::", "Object:StateChanged:", "Object::",
                      "object:state-changed:focused", "focus:"] {
            XCTAssertTrue(AssistiveTechnology.isFocusEvent(event), event)
        }
    }

    func testOtherRegistrationsAreNot() {
        for event in ["Object:StateChanged:Showing", "Object:TextChanged:Insert", "Document:LoadComplete:",
                      "Mouse:Button:", "Window:Activate:", ""] {
            XCTAssertFalse(AssistiveTechnology.isFocusEvent(event), event)
        }
    }
}
