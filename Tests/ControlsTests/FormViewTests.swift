import ControlState
@testable import Controls
import Forms
@_spi(Testing) import Gtk
import GtkTesting
import XCTest

/// A person form as the app builds it, with the seed's "Too old" rule.
@MainActor
private final class PersonForm {
    struct Person: Equatable {
        var firstName = ""
        var age: UInt = 0
    }

    let view: FormView<Person>
    let first = ActiveInput<String>(label: "First name")
    let age = ActiveInput<UInt>(label: "Age")
    let save = Button(label: "Save")
    let firstField: FieldID
    let ageField: FieldID
    let window: FormTestWindow

    init() {
        let form = Form<Person>()
        firstField = form.bind(first, to: \.firstName, rules: [.required])
        ageField = form.bind(age, to: \.age, rules: [.atMost(120, message: "Too old")])
        form.addRow([FormElement(firstField), FormElement(ageField)])
        view = FormView(form)
        view.bindSensitivity(of: save)
        let box = Box(.vertical)
        box.append(view.widget)
        box.append(save)
        window = FormTestWindow(box)
    }
}

final class FormViewTests: XCTestCase {
    func testNoErrorShowsWhileTypingAFieldForTheFirstTime() {
        GtkRuntime.test {
            let form = PersonForm()
            defer { form.window.close() }
            form.window.focus(form.age.entry)
            form.age.entry.text = "abc"
            XCTAssertFalse(form.age.errorLabel.isVisible)
            XCTAssertFalse(form.age.entry.hasCSSClass("error"))
        }
    }

    func testLeavingAnInvalidFieldShowsItsError() {
        GtkRuntime.test {
            let form = PersonForm()
            defer { form.window.close() }
            form.window.focus(form.age.entry)
            form.age.entry.text = "abc"
            form.window.leave()
            XCTAssertTrue(form.age.errorLabel.isVisible)
            XCTAssertEqual(form.age.errorLabel.text, "Enter a whole number")
            XCTAssertEqual(form.view.errorMessage(for: form.ageField), "Enter a whole number")
        }
    }

    func testInvalidFieldGetsTheErrorClassAndItsMessageAsDescription() {
        GtkRuntime.test {
            let form = PersonForm()
            defer { form.window.close() }
            form.window.focus(form.age.entry)
            form.age.entry.text = "130"
            form.window.leave()
            XCTAssertTrue(form.age.entry.hasCSSClass("error"))
            XCTAssertFalse(form.age.entry.isAccessibleInvalid, "Orca 43 reads GTK 4.8's invalid state as a dead object")
            XCTAssertTrue(form.age.entry.hasAccessibleErrorMessage(form.age.errorLabel))
            XCTAssertEqual(form.age.errorLabel.text, "Too old")
            XCTAssertTrue(MainContext.spin(until: { form.age.entry.showsAccessibleDescription("Too old") }))
        }
    }

    func testAFieldThatWasLeftIsValidatedAsItChanges() {
        GtkRuntime.test {
            let form = PersonForm()
            defer { form.window.close() }
            form.window.focus(form.age.entry)
            form.age.entry.text = "abc"
            form.window.leave()
            form.window.focus(form.age.entry)
            form.age.entry.text = "26"
            XCTAssertFalse(form.age.errorLabel.isVisible)
            XCTAssertTrue(MainContext.spin(until: { form.age.entry.showsAccessibleDescription("") }))
            form.age.entry.text = "121"
            XCTAssertEqual(form.age.errorLabel.text, "Too old")
            XCTAssertTrue(form.age.errorLabel.isVisible)
        }
    }

    func testSaveIsInsensitiveWhileTheFormDoesNotResolve() {
        GtkRuntime.test {
            let form = PersonForm()
            defer { form.window.close() }
            XCTAssertFalse(form.save.isSensitive)
            form.first.entry.text = "John"
            form.age.entry.text = "abc"
            XCTAssertFalse(form.save.isSensitive)
            XCTAssertFalse(form.view.control.state.contains(.resolvable))
        }
    }

    func testSaveBecomesSensitiveWhenTheFormResolvesAndNotAfter() {
        GtkRuntime.test {
            let form = PersonForm()
            defer { form.window.close() }
            form.first.entry.text = "John"
            form.age.entry.text = "26"
            XCTAssertTrue(form.save.isSensitive)
            XCTAssertTrue(form.view.control.state.contains(.resolvable))
            form.age.entry.text = "130"
            XCTAssertFalse(form.save.isSensitive)
        }
    }

    func testResolveShowsEveryErrorAndFocusesTheFirstInvalidField() {
        GtkRuntime.test {
            let form = PersonForm()
            defer { form.window.close() }
            form.window.leave()
            XCTAssertNil(try? form.view.resolve(PersonForm.Person()).get())
            XCTAssertEqual(form.first.errorLabel.text, "Required")
            XCTAssertEqual(form.age.errorLabel.text, "Required")
            XCTAssertTrue(form.age.errorLabel.isVisible)
            XCTAssertTrue(MainContext.spin(until: { form.first.entry.containsFocus }))
        }
    }

    func testResolveFocusesTheFirstInvalidFieldInRowOrder() {
        GtkRuntime.test {
            let form = PersonForm()
            defer { form.window.close() }
            form.first.entry.text = "John"
            form.age.entry.text = "abc"
            form.window.leave()
            XCTAssertNil(try? form.view.resolve(PersonForm.Person()).get())
            XCTAssertTrue(MainContext.spin(until: { form.age.entry.containsFocus }))
            XCTAssertFalse(form.first.errorLabel.isVisible)
        }
    }

    func testResolveGivesTheModel() {
        GtkRuntime.test {
            let form = PersonForm()
            defer { form.window.close() }
            form.first.entry.text = "John"
            form.age.entry.text = "26"
            XCTAssertEqual(try? form.view.resolve(PersonForm.Person()).get(), PersonForm.Person(firstName: "John", age: 26))
        }
    }

    func testResolveKeepsGenericUISemantics() {
        GtkRuntime.test {
            let form = PersonForm()
            defer { form.window.close() }
            form.first.entry.text = "John"
            var person = PersonForm.Person()
            let (success, errors) = form.view.form.resolve(model: &person)
            XCTAssertFalse(success)
            XCTAssertEqual(errors.count, 1)
            XCTAssertEqual(person.firstName, "John")
        }
    }
}

extension FormViewTests {
    func testResetEmptiesTheFormWithoutShowingErrors() {
        GtkRuntime.test {
            let form = PersonForm()
            defer { form.window.close() }
            form.window.focus(form.age.entry)
            form.first.entry.text = "John"
            form.age.entry.text = "26"
            form.window.leave()
            XCTAssertTrue(form.save.isSensitive)
            form.view.reset()
            XCTAssertEqual(form.first.entry.text, "")
            XCTAssertEqual(form.age.entry.text, "")
            XCTAssertFalse(form.first.errorLabel.isVisible)
            XCTAssertFalse(form.age.errorLabel.isVisible)
            XCTAssertFalse(form.save.isSensitive)
            XCTAssertTrue(MainContext.spin(until: { form.first.entry.containsFocus || form.first.entry.hasFocus }, timeout: 2))
            XCTAssertFalse(form.view.isDirty)
            // Typing anew shows no error until the field is left again.
            form.age.entry.text = "abc"
            XCTAssertFalse(form.age.errorLabel.isVisible)
        }
    }
}

/// What a screen reader is told about the form's errors (through `Announcer`).
final class FormViewAnnouncementTests: XCTestCase {
    func testAnErrorFoundAsAFieldIsLeftIsAnnouncedWithItsNameWhereTheFocusWent() {
        GtkRuntime.test {
            let form = PersonForm()
            defer { form.window.close() }
            form.first.entry.text = "Ada"
            form.window.focus(form.age.entry)
            form.age.entry.text = "130"
            form.window.leave()
            let elsewhere = form.window.elsewhere
            let announcer = Announcer.of(form.window.window)
            XCTAssertTrue(announcer.hasSaid("Age: Too old", .assertive), "announced: \(announcer.saidMessages)")
            XCTAssertEqual(announcer.saidMessages, ["Age: Too old"])
            XCTAssertTrue(elsewhere.containsFocus)
            // An announcement, not a description: the field the focus went to is described as before.
            XCTAssertFalse(elsewhere.showsAccessibleDescription("Age: Too old"))
            XCTAssertTrue(form.age.entry.showsAccessibleDescription("Too old"))
        }
    }

    func testASaveAttemptSaysHowManyFieldsNeedAttentionAndFocusesTheFirst() {
        GtkRuntime.test {
            let form = PersonForm()
            defer { form.window.close() }
            form.age.entry.text = "abc"
            XCTAssertNil(try? form.view.resolve(PersonForm.Person()).get())
            XCTAssertTrue(form.first.entry.containsFocus)
            let announcer = Announcer.of(form.window.window)
            XCTAssertTrue(announcer.hasSaid("2 fields need attention. First name: Required", .assertive),
                          "announced: \(announcer.saidMessages)")
            // Each field's own error waits for the summary, which names the first.
            MainContext.spin(until: { false }, timeout: 0.2)
            XCTAssertEqual(announcer.saidMessages, ["2 fields need attention. First name: Required"])
        }
    }
}
