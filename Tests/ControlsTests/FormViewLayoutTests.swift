import CGtk
import Controls
import Forms
import Gtk
import XCTest

final class FormViewLayoutTests: XCTestCase {
    private struct Size {
        var width = 0.0
        var height = 0.0
    }

    func testElementsOfEqualSizeShareTheRowEqually() {
        GtkRuntime.test {
            let form = FormView<Size>(columnSpacing: 12)
            let width = ActiveInput<Double>(label: "Width")
            let height = ActiveInput<Double>(label: "Height")
            form.addRow([FormElement(form.bind(width, to: \.width)), FormElement(form.bind(height, to: \.height))])
            form.build()
            let window = FormTestWindow(form.widget, width: 600)
            defer { window.close() }
            let rowWidth = Double(form.widget.width)
            XCTAssertEqual(Double(width.container.width), rowWidth / 2 - 12, accuracy: 1)
            XCTAssertEqual(Double(height.container.width), rowWidth / 2 - 12, accuracy: 1)
        }
    }

    func testWidthsAreProportionalToSizes() {
        GtkRuntime.test {
            let form = FormView<Size>(columnSpacing: 12)
            let width = ActiveInput<Double>(label: "Width")
            let height = ActiveInput<Double>(label: "Height")
            form.addRow([FormElement(form.bind(width, to: \.width), size: 2), FormElement(form.bind(height, to: \.height))])
            form.build()
            let window = FormTestWindow(form.widget, width: 600)
            defer { window.close() }
            let rowWidth = Double(form.widget.width)
            XCTAssertEqual(Double(width.container.width), rowWidth * 2 / 3 - 12, accuracy: 1)
            XCTAssertEqual(Double(height.container.width), rowWidth / 3 - 12, accuracy: 1)
        }
    }

    func testSpacerTakesItsShareOfTheRow() throws {
        try GtkRuntime.test {
            let form = FormView<Size>(columnSpacing: 12)
            let width = ActiveInput<Double>(label: "Width")
            let height = ActiveInput<Double>(label: "Height")
            form.addRow([FormElement(form.bind(width, to: \.width)), .spacer(size: 2), FormElement(form.bind(height, to: \.height))])
            form.build()
            let window = FormTestWindow(form.widget, width: 600)
            defer { window.close() }
            let rowWidth = Double(form.widget.width)
            XCTAssertEqual(Double(width.container.width), rowWidth / 4 - 12, accuracy: 1)
            XCTAssertEqual(Double(height.container.width), rowWidth / 4 - 12, accuracy: 1)
            let heightStart = try XCTUnwrap(height.container.bounds(in: form.widget)).origin.x
            XCTAssertEqual(Double(heightStart), rowWidth * 3 / 4 + 6, accuracy: 1)
        }
    }

    func testRowsStackTopToBottom() throws {
        try GtkRuntime.test {
            let form = FormView<Size>()
            let width = ActiveInput<Double>(label: "Width")
            let height = ActiveInput<Double>(label: "Height")
            form.addRow([FormElement(form.bind(width, to: \.width))])
            form.addRow([FormElement(form.bind(height, to: \.height))])
            form.build()
            let window = FormTestWindow(form.widget)
            defer { window.close() }
            let top = try XCTUnwrap(width.container.bounds(in: form.widget)).origin.y
            let below = try XCTUnwrap(height.container.bounds(in: form.widget)).origin.y
            XCTAssertGreaterThan(below, top + Float(width.container.height))
        }
    }

    func testAnyWidgetCanBePlacedAsAView() {
        GtkRuntime.test {
            let form = FormView<Size>()
            let note = Label("Sizes are in centimetres")
            let field = form.bind(view: note)
            form.addRow([FormElement(field)])
            form.build()
            let window = FormTestWindow(form.widget)
            defer { window.close() }
            XCTAssertTrue(note.isMapped)
            XCTAssertTrue(form.widget(for: field) === note)
            XCTAssertTrue(form.isResolvable)
        }
    }
}
