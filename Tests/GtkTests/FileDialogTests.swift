@_spi(Testing) import Gtk
import XCTest

/// The file dialog with real GTK: under the tests there is no desktop portal, so GTK shows its
/// own file chooser dialog, as it does for a session without one.
final class FileDialogTests: XCTestCase {
    private static let title = "Pick a Test File"

    /// GTK's chooser window of the dialog, while it shows.
    @MainActor
    private static func shownChooser() -> Window? {
        Window.toplevels.first { $0.title == Self.title && $0.isMapped }
    }

    func testCancellingTheDialogIsADismissalNotAFailure() {
        GtkRuntime.test {
            let parent = Window()
            defer { parent.destroy() }
            parent.present()
            let dialog = FileDialog(title: Self.title, acceptLabel: "_Pick")
            var outcomes: [FileDialog.Outcome] = []
            dialog.open(over: parent) { outcomes.append($0) }
            XCTAssertTrue(MainContext.spin(until: { Self.shownChooser() != nil }), "the file dialog was not shown")
            dialog.cancel()
            XCTAssertTrue(MainContext.spin(until: { !outcomes.isEmpty }), "the cancelled dialog gave no answer")
            XCTAssertEqual(outcomes, [.dismissed])
            XCTAssertTrue(MainContext.spin(until: { Self.shownChooser() == nil }), "the cancelled dialog stayed open")
        }
    }

    func testClosingTheChooserAsEscapeDoesIsADismissalNotAFailure() {
        GtkRuntime.test {
            let parent = Window()
            defer { parent.destroy() }
            parent.present()
            let dialog = FileDialog(title: Self.title)
            var outcomes: [FileDialog.Outcome] = []
            dialog.save(over: parent) { outcomes.append($0) }
            guard MainContext.spin(until: { Self.shownChooser() != nil }), let chooser = Self.shownChooser() else {
                return XCTFail("the file dialog was not shown")
            }
            XCTAssertTrue(chooser.isModal, "the dialog blocks its parent")
            XCTAssertTrue(chooser.transientParent === parent, "the dialog is over its parent")
            chooser.close()
            XCTAssertTrue(MainContext.spin(until: { !outcomes.isEmpty }), "the closed dialog gave no answer")
            XCTAssertEqual(outcomes, [.dismissed])
        }
    }

    func testTheDialogKeepsItsSuggestionsAndFilters() {
        GtkRuntime.test {
            let dialog = FileDialog(title: Self.title)
            XCTAssertNil(dialog.initialName)
            XCTAssertEqual(dialog.filterNames, [])
            dialog.initialName = "people.csv"
            let folder = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            dialog.initialFolder = folder
            dialog.filters = [FileDialog.Filter(name: "CSV Files", patterns: ["*.csv"]),
                              FileDialog.Filter(name: "All Files", patterns: ["*"])]
            XCTAssertEqual(dialog.initialName, "people.csv")
            XCTAssertEqual(dialog.initialFolder?.standardizedFileURL.path, folder.standardizedFileURL.path)
            XCTAssertEqual(dialog.filterNames, ["CSV Files", "All Files"])
            dialog.filters = []
            XCTAssertEqual(dialog.filterNames, [])
        }
    }
}
