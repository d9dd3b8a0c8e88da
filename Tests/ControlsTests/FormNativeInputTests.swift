import ControlState
import Controls
import Forms
@_spi(Testing) import Gtk
import XCTest

final class FormNativeInputTests: XCTestCase {
    private struct Settings: Equatable {
        var name = ""
        var width = 0.0
        var isSubscribed = false
        var unit = ""
    }

    func testPlainEntryBindsToAKeyPath() {
        GtkRuntime.test {
            let form = Form<Settings>()
            let entry = Entry()
            form.addRow([FormElement(form.bind(InputField<String>(entry: entry), to: \.name))])
            let view = FormView(form)
            entry.text = "John"
            XCTAssertEqual((try? view.resolve(Settings()).get())?.name, "John")
        }
    }

    func testPlainEntryBindsWithAClosureAsInGenericUI() {
        GtkRuntime.test {
            let form = Form<Settings>()
            let entry = Entry()
            let field = form.bind(input: InputField<String>(entry: entry)) { settings, field in
                let entry = field.entry
                guard !entry.text.isEmpty else { return (false, nil) }
                settings.name = entry.text
                return (true, nil)
            }
            form.addRow([FormElement(field)])
            let view = FormView(form)
            entry.text = "Smith"
            XCTAssertEqual((try? view.resolve(Settings()).get())?.name, "Smith")
        }
    }

    func testPlainEntryGetsAnErrorLineFromTheForm() {
        GtkRuntime.test {
            let form = Form<Settings>()
            let entry = Entry()
            let field = form.bind(InputField<String>(entry: entry), to: \.name)
            form.addRow([FormElement(field)])
            let view = FormView(form)
            let window = FormTestWindow(view.widget)
            defer { window.close() }
            XCTAssertNil(try? view.resolve(Settings()).get())
            XCTAssertEqual(view.errorMessage(for: field), "Required")
            XCTAssertTrue(entry.hasCSSClass("error"))
            XCTAssertTrue(MainContext.spin(until: { entry.showsAccessibleDescription("Required") }))
        }
    }

    func testSpinButtonBindsToANumber() {
        GtkRuntime.test {
            let form = Form<Settings>()
            let spin = SpinButton(minimum: 0, maximum: 1000, step: 1)
            form.addRow([FormElement(form.bind(SpinButtonInput<Double>(spin), to: \.width))])
            let view = FormView(form)
            spin.value = 42
            XCTAssertEqual((try? view.resolve(Settings()).get())?.width, 42)
        }
    }

    func testSpinButtonInputReadsTheTextAsTyped() {
        GtkRuntime.test {
            let input = SpinButtonInput<Int>(SpinButton(minimum: 0, maximum: 100, step: 1))
            input.text = "17"
            XCTAssertEqual(input.output, 17)
            XCTAssertEqual(input.spinButton.value, 17)
        }
    }

    func testSwitchBindsToABool() {
        GtkRuntime.test {
            let form = Form<Settings>()
            let toggle = Switch()
            form.addRow([FormElement(form.bind(SwitchInput(toggle), to: \.isSubscribed))])
            let view = FormView(form)
            toggle.isOn = true
            XCTAssertEqual((try? view.resolve(Settings()).get())?.isSubscribed, true)
        }
    }

    func testSwitchTextIsTrueOrFalse() {
        GtkRuntime.test {
            let input = SwitchInput(Switch())
            XCTAssertEqual(input.text, "false")
            input.text = "true"
            XCTAssertTrue(input.switchWidget.isOn)
        }
    }

    func testDropDownBindsItsChoice() {
        GtkRuntime.test {
            let form = Form<Settings>()
            let units = DropDown(items: ["cm", "in"])
            form.addRow([FormElement(form.bind(DropDownInput<String>(units), to: \.unit))])
            let view = FormView(form)
            units.selectedIndex = 1
            XCTAssertEqual((try? view.resolve(Settings()).get())?.unit, "in")
        }
    }

    func testEditingANativeInputUpdatesResolvability() {
        GtkRuntime.test {
            let form = Form<Settings>()
            let entry = Entry()
            let toggle = Switch()
            form.addRow([FormElement(form.bind(InputField<String>(entry: entry), to: \.name)), FormElement(form.bind(SwitchInput(toggle), to: \.isSubscribed))])
            let view = FormView(form)
            XCTAssertFalse(view.control.state.contains(.resolvable))
            entry.text = "John"
            XCTAssertTrue(view.control.state.contains(.resolvable))
        }
    }
}
