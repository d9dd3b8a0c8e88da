import Controls
@_spi(Testing) import Gtk
import GtkTesting
import XCTest

/// The toast on libadwaita's `AdwToastOverlay`: what it shows, its action (button or Ctrl+Z),
/// its timer, and that it is spoken.
final class ToastTests: XCTestCase {
    /// A toast overlay over an entry in a window, shown, with the entry focused.
    @MainActor
    private final class Fixture {
        let window = Window()
        let entry = Entry()
        let toast = Toast()

        init() {
            toast.widget.child = entry
            window.child = toast.widget
            window.present()
            MainContext.spin(until: { self.entry.isMapped })
            _ = entry.grabFocus()
        }

        /// The button libadwaita shows in the toast, labelled `label`.
        func button(labelled label: String) -> Button? {
            toast.widget.descendants.lazy.compactMap({ $0 as? Button }).first { $0.label == label && $0.isVisible }
        }
    }

    func testShowingShowsTheMessageAndItsActionButton() {
        GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.toast.show("Record deleted", actionLabel: "Undo") {}
            XCTAssertTrue(fixture.toast.isShown)
            XCTAssertEqual(fixture.toast.message, "Record deleted")
            XCTAssertEqual(fixture.toast.actionLabel, "Undo")
            XCTAssertTrue(MainContext.spin(until: { fixture.button(labelled: "Undo") != nil }), "no Undo button shows")
        }
    }

    func testTheActionButtonRunsTheActionOnceAndHidesTheToast() throws {
        try GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            var undone = 0
            fixture.toast.show("Record deleted", actionLabel: "Undo") { undone += 1 }
            XCTAssertTrue(MainContext.spin(until: { fixture.button(labelled: "Undo") != nil }))
            let button = try XCTUnwrap(fixture.button(labelled: "Undo"))
            button.click()
            button.click()
            XCTAssertEqual(undone, 1)
            XCTAssertFalse(fixture.toast.isShown)
        }
    }

    func testPerformingTheActionLikeCtrlZRunsItOnlyWhileShown() {
        GtkRuntime.test {
            let toast = Toast()
            var undone = 0
            XCTAssertFalse(toast.performAction())
            toast.show("Record deleted", actionLabel: "Undo") { undone += 1 }
            XCTAssertTrue(toast.performAction())
            XCTAssertFalse(toast.performAction())
            XCTAssertEqual(undone, 1)
        }
    }

    func testToastHidesItselfWithoutRunningTheAction() {
        GtkRuntime.test {
            let toast = Toast()
            var undone = false
            toast.show("Record deleted", actionLabel: "Undo", seconds: 0.05) { undone = true }
            XCTAssertTrue(MainContext.spin(until: { !toast.isShown }, timeout: 2))
            XCTAssertFalse(undone)
        }
    }

    func testDismissDropsTheAction() {
        GtkRuntime.test {
            let toast = Toast()
            var undone = false
            toast.show("Record deleted", actionLabel: "Undo") { undone = true }
            toast.dismiss()
            XCTAssertFalse(toast.performAction())
            XCTAssertFalse(toast.isShown)
            XCTAssertFalse(undone)
        }
    }

    func testToastWithoutActionHasNoButton() {
        GtkRuntime.test {
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.toast.show("Exported 3 records")
            XCTAssertNil(fixture.toast.actionLabel)
            MainContext.spin(until: { false }, timeout: 0.1)
            XCTAssertNil(fixture.button(labelled: "Undo"))
            XCTAssertFalse(fixture.toast.performAction())
        }
    }

    func testANewToastReplacesTheOldOneAndItsTimer() {
        GtkRuntime.test {
            let toast = Toast()
            toast.show("First", seconds: 0.05)
            toast.show("Second", seconds: 10)
            MainContext.spin(until: { false }, timeout: 0.2)
            XCTAssertTrue(toast.isShown)
            XCTAssertEqual(toast.message, "Second")
        }
    }

    func testAToastIsSpokenOnce() throws {
        try GtkRuntime.test {
            let listener = try XCTUnwrap(AnnouncementListener(), "no accessibility bus")
            defer { listener.stop() }
            // A client listens, as under a screen reader: nothing is held back.
            XCTAssertTrue(MainContext.spin(until: { AssistiveTechnology.hasHeardFromRegistry && AssistiveTechnology.isListening }))
            let fixture = Fixture()
            defer { fixture.window.destroy() }
            fixture.toast.show("PIN changed")
            XCTAssertTrue(MainContext.spin(until: { listener.heard.contains { $0.message == "PIN changed" } }),
                          "the toast was not announced; heard: \(listener.heard)")
            MainContext.spin(until: { false }, timeout: 0.5)
            XCTAssertEqual(listener.heard.filter { $0.message == "PIN changed" }.count, 1, "heard: \(listener.heard)")
        }
    }
}
