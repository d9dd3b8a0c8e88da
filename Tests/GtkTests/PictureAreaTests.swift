@_spi(Testing) import Gtk
import XCTest

final class PictureAreaTests: XCTestCase {
    @MainActor
    private static func square(red: Double, green: Double, blue: Double, side: Double = 10) -> DrawingImage {
        DrawingImage(width: side, height: side, scale: 1) { context in
            context.move(toX: 0, y: 0)
            context.line(toX: side, y: 0)
            context.line(toX: side, y: side)
            context.line(toX: 0, y: side)
            context.closePath()
            context.setColor(red: red, green: green, blue: blue)
            context.fill()
        }
    }

    func testPicturesShowWhereTheyArePlacedAndNothingElseIsDrawn() throws {
        try GtkRuntime.test {
            let window = Window()
            defer { window.destroy() }
            let area = PictureArea()
            area.setSizeRequest(width: 60, height: 20)
            area.horizontalAlignment = .start
            area.verticalAlignment = .start
            let red = Self.square(red: 1, green: 0, blue: 0), blue = Self.square(red: 0, green: 0, blue: 1)
            area.setDrawFunction { pictures, width, height in
                XCTAssertEqual(width, 60)
                XCTAssertEqual(height, 20)
                pictures.place(red, x: 0, y: 0)
                pictures.place(blue, x: 30, y: 5)
            }
            window.child = area
            window.present()
            XCTAssertTrue(MainContext.spin(until: { area.isMapped && area.width == 60 }))
            MainContext.spin(until: { area.renderTexture() != nil })

            let texture = try XCTUnwrap(area.renderTexture())
            let inRed = texture.pixel(x: 5, y: 5), inBlue = texture.pixel(x: 35, y: 10), between = texture.pixel(x: 20, y: 10)
            XCTAssertEqual([inRed.red, inRed.green, inRed.blue, inRed.alpha], [255, 0, 0, 255])
            XCTAssertEqual([inBlue.red, inBlue.green, inBlue.blue, inBlue.alpha], [0, 0, 255, 255])
            XCTAssertEqual(between.alpha, 0)
        }
    }

    func testTheDrawFunctionRunsAgainOnlyAfterQueueDraw() {
        GtkRuntime.test {
            let window = Window()
            defer { window.destroy() }
            let area = PictureArea()
            area.setSizeRequest(width: 20, height: 20)
            let dot = Self.square(red: 0, green: 1, blue: 0)
            var draws = 0
            area.setDrawFunction { pictures, _, _ in
                draws += 1
                pictures.place(dot, x: 0, y: 0)
            }
            window.child = area
            window.present()
            XCTAssertTrue(MainContext.spin(until: { area.isMapped && draws > 0 }))
            _ = MainContext.spin(until: { false }, timeout: 0.2)
            let settled = draws
            XCTAssertNotNil(area.renderTexture())
            XCTAssertEqual(draws, settled, "a clean widget keeps its pictures")
            area.queueDraw()
            XCTAssertTrue(MainContext.spin(until: { draws > settled }))
        }
    }

    func testTheDrawFunctionGoesWithTheWidget() {
        final class Owner {}
        weak var released: Owner?
        GtkRuntime.test {
            do {
                let owner = Owner()
                released = owner
                let area = PictureArea()
                area.setDrawFunction { _, _, _ in _ = owner }
            }
            _ = MainContext.spin(until: { released == nil }, timeout: 1)
            XCTAssertNil(released, "the widget's last reference dropped its draw function")
        }
    }
}
