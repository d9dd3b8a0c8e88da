import Controls
import Forms
@_spi(Testing) import Gtk
import XCTest

@MainActor
private final class PetForm {
    let view: FormView<Pet>
    let name = ActiveInput<String>(label: "Name")
    let age = ActiveInput<Int>(label: "Age")

    init(_ pet: Pet) {
        let form = Form<Pet>()
        form.addRow([FormElement(form.bind(name, to: \.name, rules: [.required])),
                     FormElement(form.bind(age, to: \.age))])
        view = FormView(form)
        name.text = pet.name
        age.text = String(pet.age)
    }
}

private let rex = Pet(name: "Rex", species: "dog", age: 3)

final class FormDialogTests: XCTestCase {

    func testSaveHandsBackTheEditedModelKeepingWhatTheFormDoesNotShow() {
        GtkRuntime.test {
            let form = PetForm(rex)
            var result: Pet??
            let dialog = FormDialog(title: "Edit Pet", parent: nil, form: form.view, model: rex) { result = $0 }
            dialog.present()
            form.age.text = "4"
            dialog.saveButton.click()
            XCTAssertEqual(result, .some(Pet(name: "Rex", species: "dog", age: 4)))
            XCTAssertTrue(dialog.isFinished)
        }
    }

    func testCancelHandsBackNothing() {
        GtkRuntime.test {
            let form = PetForm(rex)
            var result: Pet?? = .none
            let dialog = FormDialog(title: "Edit Pet", parent: nil, form: form.view, model: rex) { result = .some($0) }
            dialog.present()
            dialog.cancelButton.click()
            XCTAssertEqual(result, .some(nil))
        }
    }

    func testCancellingAChangedFormAsksAndDiscardDropsTheChanges() throws {
        try GtkRuntime.test {
            let form = PetForm(rex)
            var result: Pet?? = .none
            let dialog = FormDialog(title: "Edit Pet", parent: nil, form: form.view, model: rex) { result = .some($0) }
            dialog.present()
            form.name.text = "Changed"
            dialog.cancelButton.click()
            XCTAssertTrue(result == nil, "finished without asking")
            let question = try XCTUnwrap(dialog.discardDialog)
            XCTAssertEqual(question.dialog.title, "Discard changes?")
            question.discardButton.click()
            XCTAssertEqual(result, .some(nil))
        }
    }

    func testKeepEditingLeavesTheDialogOpenWithTheChanges() throws {
        try GtkRuntime.test {
            let form = PetForm(rex)
            var result: Pet?? = .none
            let dialog = FormDialog(title: "Edit Pet", parent: nil, form: form.view, model: rex) { result = .some($0) }
            dialog.present()
            form.name.text = "Changed"
            dialog.window.close()
            try XCTUnwrap(dialog.discardDialog).keepEditingButton.click()
            XCTAssertTrue(result == nil, "finished without asking")
            XCTAssertFalse(dialog.isFinished)
            XCTAssertEqual(form.name.text, "Changed")
            dialog.cancel()
        }
    }

    func testTheDialogLoadsTheModelIntoTheForm() {
        GtkRuntime.test {
            let form = PetForm(Pet(name: "", species: "", age: 0))
            let dialog = FormDialog(title: "Edit Pet", parent: nil, form: form.view, model: rex) { _ in }
            XCTAssertEqual(form.name.text, "Rex")
            XCTAssertEqual(form.age.text, "3")
            XCTAssertFalse(form.view.isDirty)
            dialog.cancel()
        }
    }

    func testClosingTheWindowCancels() {
        GtkRuntime.test {
            let form = PetForm(rex)
            var calls: [Pet?] = []
            let dialog = FormDialog(title: "Edit Pet", parent: nil, form: form.view, model: rex) { calls.append($0) }
            dialog.present()
            dialog.window.close()
            XCTAssertTrue(MainContext.spin(until: { !calls.isEmpty }))
            XCTAssertEqual(calls, [nil])
        }
    }

    func testSaveIsInsensitiveWhileTheFormDoesNotResolve() {
        GtkRuntime.test {
            let form = PetForm(rex)
            let dialog = FormDialog(title: "Edit Pet", parent: nil, form: form.view, model: rex) { _ in }
            XCTAssertFalse(dialog.saveButton.isSensitive, "nothing changed yet")
            form.age.text = "4"
            XCTAssertTrue(dialog.saveButton.isSensitive)
            form.age.text = "many"
            XCTAssertFalse(dialog.saveButton.isSensitive)
            form.age.text = "3"
            XCTAssertFalse(dialog.saveButton.isSensitive, "back to what was loaded")
            dialog.cancel()
        }
    }

    func testInvalidFormIsNotSavedAndTheDialogStaysOpen() {
        GtkRuntime.test {
            let form = PetForm(rex)
            var calls = 0
            let dialog = FormDialog(title: "Edit Pet", parent: nil, form: form.view, model: rex) { _ in calls += 1 }
            dialog.present()
            form.name.text = ""
            dialog.save()
            XCTAssertEqual(calls, 0)
            XCTAssertFalse(dialog.isFinished)
            dialog.cancel()
        }
    }

    func testDialogIsModalAndTransientForItsParent() {
        GtkRuntime.test {
            let parent = Window()
            let dialog = FormDialog(title: "Edit Pet", parent: parent, form: PetForm(rex).view, model: rex) { _ in }
            XCTAssertTrue(dialog.window.isModal)
            XCTAssertEqual(dialog.window.title, "Edit Pet")
            dialog.cancel()
        }
    }

    func testCompletionRunsOnceEvenWhenCancelledTwice() {
        GtkRuntime.test {
            var calls = 0
            let dialog = FormDialog(title: "Edit Pet", parent: nil, form: PetForm(rex).view, model: rex) { _ in calls += 1 }
            dialog.present()
            dialog.cancel()
            dialog.cancel()
            dialog.save()
            XCTAssertEqual(calls, 1)
        }
    }
}
