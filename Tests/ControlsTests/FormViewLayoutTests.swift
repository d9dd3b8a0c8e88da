import Controls
import Forms
@_spi(Testing) import Gtk
import XCTest

final class FormViewLayoutTests: XCTestCase {
    private struct Size {
        var width = 0.0
        var height = 0.0
    }

    func testElementsOfEqualSizeShareTheRowEqually() {
        GtkRuntime.test {
            let form = Form<Size>()
            let width = ActiveInput<Double>(label: "Width")
            let height = ActiveInput<Double>(label: "Height")
            form.addRow([FormElement(form.bind(width, to: \.width)), FormElement(form.bind(height, to: \.height))])
            let view = FormView(form, columnSpacing: 12)
            let window = FormTestWindow(view.widget, width: 600)
            defer { window.close() }
            let rowWidth = Double(view.widget.width)
            XCTAssertEqual(Double(width.container.width), (rowWidth - 12) / 2, accuracy: 1)
            XCTAssertEqual(Double(height.container.width), (rowWidth - 12) / 2, accuracy: 1)
        }
    }

    func testWidthsAreProportionalToSizes() {
        GtkRuntime.test {
            let form = Form<Size>()
            let width = ActiveInput<Double>(label: "Width")
            let height = ActiveInput<Double>(label: "Height")
            form.addRow([FormElement(form.bind(width, to: \.width), size: 2), FormElement(form.bind(height, to: \.height))])
            let view = FormView(form, columnSpacing: 12)
            let window = FormTestWindow(view.widget, width: 600)
            defer { window.close() }
            let rowWidth = Double(view.widget.width)
            XCTAssertEqual(Double(width.container.width), (rowWidth - 12) * 2 / 3, accuracy: 1)
            XCTAssertEqual(Double(height.container.width), (rowWidth - 12) / 3, accuracy: 1)
        }
    }

    func testSpacerTakesItsShareOfTheRow() throws {
        try GtkRuntime.test {
            let form = Form<Size>()
            let width = ActiveInput<Double>(label: "Width")
            let height = ActiveInput<Double>(label: "Height")
            form.addRow([FormElement(form.bind(width, to: \.width)), .spacer(size: 2), FormElement(form.bind(height, to: \.height))])
            let view = FormView(form, columnSpacing: 12)
            let window = FormTestWindow(view.widget, width: 600)
            defer { window.close() }
            let rowWidth = Double(view.widget.width)
            XCTAssertEqual(Double(width.container.width), (rowWidth - 24) / 4, accuracy: 1)
            XCTAssertEqual(Double(height.container.width), (rowWidth - 24) / 4, accuracy: 1)
            let heightStart = try XCTUnwrap(height.container.bounds(in: view.widget)).x
            // Right-to-left locales (Hebrew, Arabic) mirror the row: the last element starts at 0.
            let isRightToLeft = view.widget.textDirection == .rtl
            XCTAssertEqual(Double(heightStart), isRightToLeft ? 0 : (rowWidth - 24) * 3 / 4 + 24, accuracy: 1)
        }
    }

    func testRowsStackTopToBottom() throws {
        try GtkRuntime.test {
            let form = Form<Size>()
            let width = ActiveInput<Double>(label: "Width")
            let height = ActiveInput<Double>(label: "Height")
            form.addRow([FormElement(form.bind(width, to: \.width))])
            form.addRow([FormElement(form.bind(height, to: \.height))])
            let view = FormView(form)
            let window = FormTestWindow(view.widget)
            defer { window.close() }
            let top = try XCTUnwrap(width.container.bounds(in: view.widget)).y
            let below = try XCTUnwrap(height.container.bounds(in: view.widget)).y
            XCTAssertGreaterThan(below, top + Double(width.container.height))
        }
    }

    func testAnyWidgetCanBePlacedAsAView() {
        GtkRuntime.test {
            let form = Form<Size>()
            let note = Label("Sizes are in centimetres")
            let field = form.bind(view: note)
            form.addRow([FormElement(field)])
            let view = FormView(form)
            let window = FormTestWindow(view.widget)
            defer { window.close() }
            XCTAssertTrue(note.isMapped)
            XCTAssertTrue(view.widget(for: field) === note)
            XCTAssertTrue(view.isResolvable)
        }
    }

    func testUnderTheFoldWidthEachFieldTakesItsOwnRow() throws {
        try GtkRuntime.test {
            let form = Form<Size>()
            let width = ActiveInput<Double>(label: "Width")
            let height = ActiveInput<Double>(label: "Height")
            form.addRow([FormElement(form.bind(width, to: \.width)), .spacer(), FormElement(form.bind(height, to: \.height))])
            let view = FormView(form, columnSpacing: 12, foldWidth: 440)
            let window = FormTestWindow(view.widget, width: 360)
            defer { window.close() }
            window.settle()
            XCTAssertTrue(view.isFolded)
            let rowWidth = Double(view.widget.width)
            XCTAssertEqual(Double(width.container.width), rowWidth, accuracy: 1)
            XCTAssertEqual(Double(height.container.width), rowWidth, accuracy: 1)
            let first = try XCTUnwrap(width.container.bounds(in: view.widget))
            let second = try XCTUnwrap(height.container.bounds(in: view.widget))
            XCTAssertGreaterThanOrEqual(Double(second.y), Double(first.y + first.height))
        }
    }

    func testAWideRowKeepsItsFieldsSideBySide() {
        GtkRuntime.test {
            let form = Form<Size>()
            let width = ActiveInput<Double>(label: "Width")
            let height = ActiveInput<Double>(label: "Height")
            form.addRow([FormElement(form.bind(width, to: \.width)), FormElement(form.bind(height, to: \.height))])
            let view = FormView(form, columnSpacing: 12, foldWidth: 440)
            let window = FormTestWindow(view.widget, width: 600)
            defer { window.close() }
            XCTAssertFalse(view.isFolded)
        }
    }
}
