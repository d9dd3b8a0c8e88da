import Foundation
import XCTest

/// The real binary's command line: `--version`, `--help`, `--screenshot`.
final class CommandLineTests: XCTestCase {
    private var app: AppProcess!

    override func setUpWithError() throws {
        app = try AppProcess()
    }

    override func tearDown() {
        app.remove()
    }

    /// The version is meson.build's (scripts/check-version checks the others against it too).
    func testVersionPrintsMesonsVersion() throws {
        let output = try app.run(["--version"])
        XCTAssertEqual(output.status, 0)
        XCTAssertEqual(output.standardOutput, "pinform \(try Self.mesonVersion())\n")
    }

    /// `version:` in meson.build's `project()`.
    private static func mesonVersion() throws -> String {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let meson = try String(contentsOf: repository.appendingPathComponent("meson.build"), encoding: .utf8)
        let line = try XCTUnwrap(meson.split(separator: "\n").first { $0.hasPrefix("  version: '") })
        return String(line.dropFirst("  version: '".count).prefix { $0 != "'" })
    }

    func testHelpListsTheOptions() throws {
        let output = try app.run(["--help"])
        XCTAssertEqual(output.status, 0)
        XCTAssertTrue(output.standardOutput.contains("--screenshot=FILE"), output.standardOutput)
        XCTAssertTrue(output.standardOutput.contains("--version"), output.standardOutput)
    }

    func testAppStartsShowsThePinWindowAndQuits() throws {
        let output = try app.run([], environment: ["PINFORM_EXIT_AFTER_FIRST_FRAME": "1"])
        XCTAssertEqual(output.status, 0, output.standardError)
        XCTAssertTrue(output.standardOutput.hasPrefix("first-frame "), output.standardOutput)
    }

    func testScreenshotWritesAPNGTheSizeOfTheWindow() throws {
        let file = app.home.appendingPathComponent("shot.png")
        let output = try app.run(["--screenshot=\(file.path)"])
        XCTAssertEqual(output.status, 0, output.standardError)
        let size = try pngSize(of: file)
        XCTAssertTrue(output.standardOutput.contains("saved a \(size.width)×\(size.height) screenshot"), output.standardOutput)
        XCTAssertGreaterThan(size.width, 300)
        XCTAssertGreaterThan(size.height, 400)
    }

    func testScreenshotToAnUnwritablePathFailsWithAClearMessage() throws {
        let file = app.home.appendingPathComponent("missing-folder/shot.png")
        let output = try app.run(["--screenshot=\(file.path)"], timeout: 10)
        XCTAssertEqual(output.status, 1)
        XCTAssertEqual(output.standardError.split(separator: "\n").last.map(String.init),
                       "pinform: cannot write the screenshot to \(file.path): No such file or directory")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }
}
