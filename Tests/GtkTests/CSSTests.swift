@_spi(Testing) import Gtk
import XCTest

final class CSSTests: XCTestCase {
    func testStylesheetAppliesToWidgetsOnTheDisplay() throws {
        try GtkRuntime.test {
            let css = CSSProvider()
            try css.load(css: ".test-swatch { background-color: rgb(10, 200, 30); min-width: 40px; min-height: 30px; }")
            css.applyToDisplay()
            defer { css.removeFromDisplay() }

            let window = Window()
            defer { window.destroy() }
            let swatch = DrawingArea()
            swatch.addCSSClass("test-swatch")
            window.child = swatch
            window.present()
            XCTAssertTrue(MainContext.spin(until: { swatch.isMapped && swatch.width >= 40 }))
            MainContext.spin(until: { swatch.renderTexture() != nil })

            let texture = try XCTUnwrap(swatch.renderTexture())
            let pixel = texture.pixel(x: texture.width / 2, y: texture.height / 2)
            XCTAssertEqual(pixel.red, 10)
            XCTAssertEqual(pixel.green, 200)
            XCTAssertEqual(pixel.blue, 30)
            XCTAssertGreaterThanOrEqual(swatch.height, 30)
        }
    }

    func testParsingErrorIsReportedWithItsLine() throws {
        try GtkRuntime.test {
            let css = CSSProvider()
            XCTAssertThrowsError(try css.load(css: ".a { color: red; }\n.b { colour: blue; }")) { error in
                XCTAssertEqual((error as? CSSProvider.ParsingError)?.line, 2)
            }
        }
    }

    func testProjectStylesheetParses() throws {
        try GtkRuntime.test {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let path = root.appendingPathComponent("data/style.css").path
            XCTAssertNoThrow(try CSSProvider().load(path: path))
        }
    }
}
