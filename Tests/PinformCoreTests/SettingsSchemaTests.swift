import Foundation
import PinformCore
import XCTest

/// The settings' defaults are the schema's, read from its XML when GSettings has no schema.
final class SettingsSchemaTests: XCTestCase {
    private var schemaSource: URL {
        get throws { try XCTUnwrap(DataFiles.locate(environment: [:])).schemaSource }
    }

    func testEveryKeyHasItsDefaultFromTheSchemaFile() throws {
        let schema = try SettingsSchema(contentsOf: try schemaSource)
        XCTAssertEqual(Set(schema.defaults.keys), Set(SettingsKey.allCases))
        XCTAssertEqual(schema.integer(.windowWidth), 1000)
        XCTAssertEqual(schema.integer(.windowHeight), 760)
        XCTAssertFalse(schema.bool(.windowMaximized))
        XCTAssertTrue(schema.bool(.neutralizeFormulas))
        XCTAssertEqual(schema.string(.formModel), "person")
        // Issue 24: the default was 'four'; a new PIN now has 6 digits unless 4 are chosen.
        XCTAssertEqual(schema.integer(.pinLength), 6, "the enum's nick 'six' is its value 6")
    }

    func testASchemaWithoutAKeysDefaultIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: try schemaSource, encoding: .utf8)
            .replacingOccurrences(of: "<default>'person'</default>", with: "")
        let file = folder.appendingPathComponent("schema.gschema.xml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SettingsSchema(contentsOf: file)) { error in
            XCTAssertEqual(error as? SettingsSchema.Problem, .missingDefault(.formModel, path: file.path))
        }
        XCTAssertThrowsError(try SettingsSchema(contentsOf: folder.appendingPathComponent("none.xml")))
    }
}
