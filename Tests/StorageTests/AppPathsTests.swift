import Foundation
import XCTest
@testable import Storage

final class AppPathsTests: XCTestCase {
    func testDataDirectoryComesFromXDGDataHome() {
        let paths = AppPaths(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/ada"])
        XCTAssertEqual(paths.dataDirectory.path, "/data/pinform")
    }

    func testConfigDirectoryComesFromXDGConfigHome() {
        let paths = AppPaths(environment: ["XDG_CONFIG_HOME": "/settings", "HOME": "/home/ada"])
        XCTAssertEqual(paths.configDirectory.path, "/settings/pinform")
    }

    func testFoldersDefaultToTheHomeFolder() {
        let paths = AppPaths(environment: ["HOME": "/home/ada"])
        XCTAssertEqual(paths.dataDirectory.path, "/home/ada/.local/share/pinform")
        XCTAssertEqual(paths.configDirectory.path, "/home/ada/.config/pinform")
    }

    func testEmptyAndRelativeXDGVariablesAreIgnored() {
        let paths = AppPaths(environment: [
            "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "relative/config", "HOME": "/home/ada",
        ])
        XCTAssertEqual(paths.dataDirectory.path, "/home/ada/.local/share/pinform")
        XCTAssertEqual(paths.configDirectory.path, "/home/ada/.config/pinform")
    }

    func testMissingHomeFallsBackToThePasswordDatabase() {
        let paths = AppPaths(environment: [:])
        XCTAssertTrue(paths.dataDirectory.path.hasPrefix("/"))
        XCTAssertTrue(paths.dataDirectory.path.hasSuffix("/.local/share/pinform"))
    }

    func testEnsureExistsCreatesBothFoldersWithMode0700() throws {
        let temporary = TemporaryDirectory()
        let paths = AppPaths(environment: [
            "XDG_DATA_HOME": temporary.path + "/deep/data", "XDG_CONFIG_HOME": temporary.path + "/config",
        ])
        try paths.ensureExists()
        XCTAssertEqual(TemporaryDirectory.mode(of: paths.dataDirectory), 0o700)
        XCTAssertEqual(TemporaryDirectory.mode(of: paths.configDirectory), 0o700)
        XCTAssertEqual(TemporaryDirectory.mode(of: paths.dataDirectory.deletingLastPathComponent()), 0o700)
    }

    func testEnsureExistsRestrictsAnExistingFolder() throws {
        let temporary = TemporaryDirectory()
        let paths = AppPaths(environment: ["XDG_DATA_HOME": temporary.path, "XDG_CONFIG_HOME": temporary.path])
        try FileManager.default.createDirectory(
            at: paths.dataDirectory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755]
        )
        try paths.ensureExists()
        XCTAssertEqual(TemporaryDirectory.mode(of: paths.dataDirectory), 0o700)
    }

    func testEnsureExistsIsRepeatable() throws {
        let temporary = TemporaryDirectory()
        let paths = AppPaths(environment: ["XDG_DATA_HOME": temporary.path, "XDG_CONFIG_HOME": temporary.path])
        try paths.ensureExists()
        XCTAssertNoThrow(try paths.ensureExists())
    }

    func testEnsureExistsFailsUnderARegularFile() throws {
        let temporary = TemporaryDirectory()
        let file = try temporary.write("not a folder", to: "file")
        let paths = AppPaths(environment: ["XDG_DATA_HOME": file.path, "XDG_CONFIG_HOME": temporary.path])
        XCTAssertThrowsError(try paths.ensureExists()) { error in
            XCTAssertEqual(
                error as? AppPathsError,
                .cannotCreate(path: file.path + "/pinform", reason: "Not a directory")
            )
        }
    }

    func testCannotCreateMessageNamesTheFolderAndReason() {
        let error = AppPathsError.cannotCreate(path: "/x/pinform", reason: "Read-only file system")
        XCTAssertEqual(error.message, "Could not create the folder “/x/pinform”: Read-only file system.")
    }
}
