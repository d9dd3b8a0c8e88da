import Controls
import Gtk
import XCTest

final class ToastTests: XCTestCase {
    func testShowingRevealsTheMessageAndAction() {
        GtkRuntime.test {
            let toast = Toast()
            toast.show("Record deleted", actionLabel: "Undo") {}
            XCTAssertTrue(toast.isShown)
            XCTAssertEqual(toast.message, "Record deleted")
            XCTAssertTrue(toast.actionButton.isVisible)
            XCTAssertEqual(toast.actionButton.label, "Undo")
        }
    }

    func testActionRunsOnceAndHidesTheToast() {
        GtkRuntime.test {
            let toast = Toast()
            var undone = 0
            toast.show("Record deleted", actionLabel: "Undo") { undone += 1 }
            toast.actionButton.click()
            toast.actionButton.click()
            XCTAssertEqual(undone, 1)
            XCTAssertFalse(toast.isShown)
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
            toast.closeButton.click()
            toast.actionButton.click()
            XCTAssertFalse(toast.isShown)
            XCTAssertFalse(undone)
        }
    }

    func testToastWithoutActionHidesTheButton() {
        GtkRuntime.test {
            let toast = Toast()
            toast.show("Exported 3 records")
            XCTAssertFalse(toast.actionButton.isVisible)
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
}
