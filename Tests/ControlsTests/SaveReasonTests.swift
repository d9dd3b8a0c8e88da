import Controls
import Forms
@_spi(Testing) import Gtk
import XCTest

/// An insensitive Save says why in its tooltip: which fields to fill in or correct, or, in an
/// edit dialog, that nothing was changed.
final class SaveReasonTests: XCTestCase {
    private struct Member: Equatable {
        var name = ""
        var age: UInt = 0
    }

    @MainActor
    private final class MemberForm {
        let name = ActiveInput<String>(label: "Name")
        let age = ActiveInput<UInt>(label: "Age")
        let view: FormView<Member>

        init() {
            let form = Form<Member>()
            form.addRow([FormElement(form.bind(name, to: \.name, rules: [.required])),
                         FormElement(form.bind(age, to: \.age, rules: [.atMost(120, message: "Too old")]))])
            view = FormView(form)
        }
    }

    func testAnInsensitiveSaveNamesTheFieldsToFillInOrCorrect() {
        GtkRuntime.test {
            let form = MemberForm()
            let save = Button(label: "Save")
            let box = Box(.vertical)
            box.append(form.view.widget)
            box.append(save)
            let window = FormTestWindow(box)
            defer { window.close() }
            form.view.bindSensitivity(of: save)
            form.view.explainsInsensitivity(of: save, tooltip: "Save (Ctrl+S)")
            XCTAssertFalse(save.isSensitive)
            XCTAssertEqual(save.tooltipText, "To save, fill in or correct: Name, Age")
            form.name.entry.text = "Ada"
            XCTAssertTrue(MainContext.spin(until: { save.tooltipText == "To save, fill in or correct: Age" }),
                          "the tooltip did not follow: \(save.tooltipText ?? "nil")")
            form.age.entry.text = "36"
            XCTAssertTrue(MainContext.spin(until: { save.isSensitive && save.tooltipText == "Save (Ctrl+S)" }),
                          "a sensitive Save has its own tooltip: \(save.tooltipText ?? "nil")")
            form.age.entry.text = "300"
            XCTAssertTrue(MainContext.spin(until: { save.tooltipText == "To save, fill in or correct: Age" }))
        }
    }

    func testAnEditDialogsSaveSaysNothingWasChangedUntilSomethingIs() {
        GtkRuntime.test {
            let form = MemberForm()
            let dialog = FormDialog(title: "Edit Member", parent: nil, form: form.view, model: Member(name: "Ada", age: 36)) { _ in }
            dialog.present()
            defer { dialog.window.close() }
            XCTAssertFalse(dialog.saveButton.isSensitive)
            XCTAssertTrue(MainContext.spin(until: { dialog.saveButton.tooltipText == "Nothing to save yet: no field was changed" }))
            form.age.entry.text = "37"
            XCTAssertTrue(MainContext.spin(until: { dialog.saveButton.isSensitive && dialog.saveButton.tooltipText == nil }))
            form.name.entry.text = ""
            XCTAssertTrue(MainContext.spin(until: { dialog.saveButton.tooltipText == "To save, fill in or correct: Name" }))
        }
    }
}
