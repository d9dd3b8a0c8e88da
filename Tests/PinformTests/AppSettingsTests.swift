@_spi(Testing) import Gtk
import XCTest
@testable import Pinform
import PinformCore

/// Without GSettings' schema, the settings start from the schema file's defaults, and no others.
final class AppSettingsTests: XCTestCase {
    func testSettingsInMemoryStartFromTheSchemasDefaults() throws {
        let source = try XCTUnwrap(DataFiles.locate(environment: [:])).schemaSource
        try GtkRuntime.test {
            let settings = AppSettings(inMemoryFrom: try SettingsSchema(contentsOf: source))
            XCTAssertFalse(settings.isPersistent)
            XCTAssertEqual(settings.windowSize.width, 1000)
            XCTAssertEqual(settings.windowSize.height, 760)
            XCTAssertFalse(settings.isWindowMaximized)
            XCTAssertEqual(settings.pinLength, 6, "issue 24: a new PIN has 6 digits unless 4 are chosen")
            XCTAssertTrue(settings.neutralizesFormulas)
            XCTAssertEqual(settings.formModel, "person")
            settings.windowSize = (800, 900)
            settings.formModel = "invoice"
            XCTAssertEqual(settings.windowSize.width, 800)
            XCTAssertEqual(settings.windowSize.height, 900)
            XCTAssertEqual(settings.formModel, "invoice")
        }
    }
}
