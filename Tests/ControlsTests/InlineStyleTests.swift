@testable import Controls
@_spi(Testing) import Gtk
import GtkTesting
import XCTest

/// Declarations set from code become a class of one shared stylesheet: the same set is the same
/// class, the widget wears only its current one, and the colour is drawn.
final class InlineStyleTests: XCTestCase {
    func testTheSameDeclarationsShareAClassAndAWidgetWearsOnlyItsCurrentOne() {
        GtkRuntime.test {
            let first = Box(.vertical), second = Box(.vertical)
            let firstStyle = InlineStyle(on: first), secondStyle = InlineStyle(on: second)
            firstStyle["background-color"] = "rgb(1,2,3)"
            secondStyle["background-color"] = "rgb(1,2,3)"
            let shared = InlineStyleSheet.className(for: "background-color: rgb(1,2,3);")
            XCTAssertTrue(first.hasCSSClass(shared))
            XCTAssertTrue(second.hasCSSClass(shared))

            firstStyle["background-color"] = "rgb(4,5,6)"
            let other = InlineStyleSheet.className(for: "background-color: rgb(4,5,6);")
            XCTAssertNotEqual(other, shared)
            XCTAssertTrue(first.hasCSSClass(other))
            XCTAssertFalse(first.hasCSSClass(shared), "the class of the declarations it no longer has")

            firstStyle["background-color"] = nil
            XCTAssertFalse(first.hasCSSClass(other))
            XCTAssertTrue(second.hasCSSClass(shared))
        }
    }

    func testTheDeclarationsAreDrawn() throws {
        try GtkRuntime.test {
            let window = Window()
            defer { window.destroy() }
            let swatch = DrawingArea()
            swatch.setSizeRequest(width: 40, height: 30)
            let style = InlineStyle(on: swatch)
            style["background-color"] = "rgb(200, 10, 30)"
            window.child = swatch
            window.present()
            XCTAssertTrue(MainContext.spin(until: { swatch.isMapped && swatch.width >= 40 }))
            MainContext.spin(until: { swatch.renderTexture() != nil })
            let texture = try XCTUnwrap(swatch.renderTexture())
            let pixel = texture.pixel(x: texture.width / 2, y: texture.height / 2)
            XCTAssertEqual([pixel.red, pixel.green, pixel.blue], [200, 10, 30])
        }
    }
}
