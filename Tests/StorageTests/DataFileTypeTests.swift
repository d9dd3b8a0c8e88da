import Foundation
import XCTest
@testable import Storage

/// What the small data files (PIN hash, attempt counter) meet when something other than a
/// plain file is where they belong: a refusal that names it, never a blocked thread.
final class DataFileTypeTests: XCTestCase {
    func testReadingANamedPipeFailsAtOnceAndSaysWhatItIs() throws {
        let temporary = TemporaryDirectory()
        let path = temporary.path + "/attempts.json"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        guard case .failure(let failure) = FileOperations.readSmallFile(atPath: path, limit: 100) else {
            return XCTFail("a named pipe was read")
        }
        XCTAssertEqual(failure.reason, "it is a named pipe, not a plain file")
    }

    func testReadingASymbolicLinkFailsAndSaysWhatItIs() throws {
        let temporary = TemporaryDirectory()
        let target = try temporary.write("{}", to: "elsewhere.json")
        let path = temporary.path + "/attempts.json"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target.path)
        guard case .failure(let failure) = FileOperations.readSmallFile(atPath: path, limit: 100) else {
            return XCTFail("a symbolic link was followed")
        }
        XCTAssertEqual(failure.reason, "it is a symbolic link, not a plain file")
    }

    func testReadingAPlainFileStillWorks() throws {
        let temporary = TemporaryDirectory()
        let file = try temporary.write("{\"failures\":1}", to: "attempts.json")
        XCTAssertEqual(try FileOperations.readSmallFile(atPath: file.path, limit: 100).get(), Array("{\"failures\":1}".utf8))
    }
}
