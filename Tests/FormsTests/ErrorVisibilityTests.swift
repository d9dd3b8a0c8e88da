import Forms
import XCTest

/// When a field's error shows, without any view: after it was changed and left, or after a save
/// was tried; never for what a load typed; gone after a load, a reset or hiding the field.
final class ErrorVisibilityTests: XCTestCase {
    private struct Person {
        var name = ""
        var age: UInt = 0
    }

    private var nameField: FieldID!
    private var ageField: FieldID!

    override func setUp() {
        let form = Form<Person>()
        nameField = form.bind(TextInput<String>(), to: \.name)
        ageField = form.bind(TextInput<UInt>(), to: \.age)
    }

    func testNoErrorShowsBeforeAnythingHappened() {
        let visibility = ErrorVisibility()
        XCTAssertFalse(visibility.showsError(of: nameField))
        XCTAssertTrue(visibility.showing.isEmpty)
    }

    func testAChangedFieldShowsItsErrorOnlyOnceLeft() {
        var visibility = ErrorVisibility()
        visibility.edited(ageField)
        XCTAssertFalse(visibility.showsError(of: ageField), "still typing")
        XCTAssertTrue(visibility.left(ageField))
        XCTAssertTrue(visibility.showsError(of: ageField))
        XCTAssertFalse(visibility.showsError(of: nameField))
    }

    func testLeavingAnUnchangedFieldShowsNothing() {
        var visibility = ErrorVisibility()
        XCTAssertFalse(visibility.left(nameField), "tabbing through a field is no change")
        XCTAssertFalse(visibility.showsError(of: nameField))
    }

    func testOnceShowingTheErrorKeepsShowingWhileTyping() {
        var visibility = ErrorVisibility()
        visibility.edited(ageField)
        visibility.left(ageField)
        visibility.edited(ageField)
        XCTAssertTrue(visibility.showsError(of: ageField))
        XCTAssertFalse(visibility.left(ageField), "it showed already")
    }

    func testWhatTheProgramFillsInIsNoChange() {
        var visibility = ErrorVisibility()
        visibility.isFilling = true
        visibility.edited(ageField)
        visibility.isFilling = false
        XCTAssertFalse(visibility.left(ageField))
        XCTAssertFalse(visibility.showsError(of: ageField))
    }

    func testASaveAttemptShowsTheErrorsOfEveryGivenField() {
        var visibility = ErrorVisibility()
        visibility.saveAttempted(on: [nameField, ageField])
        XCTAssertEqual(visibility.showing, [nameField, ageField])
    }

    func testStartingOverHidesEveryErrorAndForgetsChanges() {
        var visibility = ErrorVisibility()
        visibility.edited(nameField)
        visibility.edited(ageField)
        visibility.left(ageField)
        XCTAssertEqual(visibility.startOver(), [ageField], "what the view must clear")
        XCTAssertTrue(visibility.showing.isEmpty)
        XCTAssertFalse(visibility.left(nameField), "the change before the load no longer counts")
    }

    func testAHiddenFieldStopsShowingItsError() {
        var visibility = ErrorVisibility()
        visibility.saveAttempted(on: [nameField, ageField])
        XCTAssertTrue(visibility.hide(ageField))
        XCTAssertFalse(visibility.showsError(of: ageField))
        XCTAssertFalse(visibility.hide(ageField), "it showed nothing any more")
        XCTAssertTrue(visibility.showsError(of: nameField))
    }
}
