import Foundation
import XCTest
@_spi(Testing) @testable import Storage
#if canImport(Glibc)
import Glibc
#endif

/// The records file, its write-ahead log and the log's index are readable by their owner only
/// (0600) whatever the umask, and an earlier build's 0644 files are narrowed when opened.
final class DataFilePermissionTests: XCTestCase {
    private func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o777 : nil
    }

    private func withUmask<T>(_ mask: mode_t, _ body: () throws -> T) rethrows -> T {
        let previous = umask(mask)
        defer { umask(previous) }
        return try body()
    }

    private func insertSomething(into database: Database) throws {
        try database.execute("CREATE TABLE IF NOT EXISTS note (text TEXT)")
        try database.execute("INSERT INTO note VALUES (?)", [.text("private")])
    }

    func testANewRecordsFileAndItsLogAreTheOwnersOnly() throws {
        let temporary = TemporaryDirectory()
        let file = temporary.url.appendingPathComponent(Database.fileName)
        let database = try withUmask(0o022) { try Database(at: file, key: SecretBytes.random(count: 32)) }
        try insertSomething(into: database)
        for suffix in ["", "-wal", "-shm"] {
            XCTAssertEqual(mode(file.path + suffix), 0o600, "\(Database.fileName)\(suffix)")
        }
        database.close()
    }

    func testAnEarlierBuildsFilesAreNarrowedWhenOpened() throws {
        let temporary = TemporaryDirectory()
        let file = temporary.url.appendingPathComponent(Database.fileName)
        let key = try SecretBytes.random(count: 32)
        let first = try Database(at: file, key: key)
        try insertSomething(into: first)
        for suffix in ["", "-wal", "-shm"] { chmod(file.path + suffix, 0o644) }
        let second = try Database(at: file, key: key)
        for suffix in ["", "-wal", "-shm"] {
            XCTAssertEqual(mode(file.path + suffix), 0o600, "\(Database.fileName)\(suffix)")
        }
        second.close()
        first.close()
    }

    func testAReadOnlyOpenChangesNoMode() throws {
        let temporary = TemporaryDirectory()
        let file = temporary.url.appendingPathComponent(Database.fileName)
        let key = try SecretBytes.random(count: 32)
        let first = try Database(at: file, key: key)
        try insertSomething(into: first)
        first.close()
        chmod(file.path, 0o640)
        let reader = try Database(at: file, readOnly: true, key: key)
        XCTAssertEqual(mode(file.path), 0o640)
        reader.close()
    }
}
