import Foundation
import XCTest
@_spi(Testing) @testable import Storage

/// Records written on Debian 12 (SQLCipher 3.4's settings) open on SQLCipher 4, and are moved
/// to SQLCipher 4's format once, all or nothing, with the key file changed last.
final class CipherFormatTests: XCTestCase {
    private static let childVariable = "PINFORM_CIPHER_UPGRADE_CHILD"
    private static let people = 40
    private var temporary: TemporaryDirectory!

    override func setUp() {
        temporary = TemporaryDirectory()
    }

    override func tearDown() {
        temporary = nil
    }

    private var file: URL { temporary.url.appendingPathComponent(Database.fileName) }

    /// A records file as Pinform wrote it on Debian 12: SQLCipher 3's settings, with people in it.
    private static func writeSQLCipher3File(at file: URL, key: SecretBytes, people: Int) throws {
        let database = try Database(path: file.path, readOnly: false, key: key, busyTimeout: .seconds(2), migrations: [],
                                    format: .sqlcipher3)
        _ = try Fixtures.people(in: database).insert(contentsOf: (0..<people).map { Person("Ada \($0)", "Lovelace") })
        database.close()
    }

    /// The settings SQLCipher reports for the connection (`PRAGMA cipher_settings`).
    private func settings(of database: Database) throws -> [String] {
        try database.rows("PRAGMA cipher_settings").compactMap { row in
            if case .text(let line)? = row.first { line } else { nil }
        }
    }

    func testANewFileIsWrittenInSQLCipher4sFormat() throws {
        let key = try SecretBytes.random(count: 32)
        let database = try Database(at: file, key: key)
        XCTAssertEqual(database.cipherFormat, .sqlcipher4)
        let settings = try settings(of: database)
        XCTAssertTrue(settings.contains("PRAGMA cipher_page_size = 4096;"), "\(settings)")
        XCTAssertTrue(settings.contains("PRAGMA cipher_hmac_algorithm = HMAC_SHA512;"), "\(settings)")
    }

    func testASQLCipher3FileOpensWithItsOwnSettings() throws {
        let key = try SecretBytes.random(count: 32)
        try Self.writeSQLCipher3File(at: file, key: key, people: 3)
        let database = try Database(at: file, key: key)
        XCTAssertEqual(database.cipherFormat, .sqlcipher3)
        let settings = try settings(of: database)
        XCTAssertTrue(settings.contains("PRAGMA cipher_page_size = 1024;"), "\(settings)")
        XCTAssertEqual(try Fixtures.people(in: database).count(), 3)
    }

    func testAnotherKeyOpensNeitherFormat() throws {
        try Self.writeSQLCipher3File(at: file, key: try SecretBytes.random(count: 32), people: 1)
        XCTAssertThrowsError(try Database(at: file, key: try SecretBytes.random(count: 32))) { error in
            guard case .corrupt? = error as? StoreError else { return XCTFail("got \(error)") }
        }
    }

    func testTheUpgradeMovesTheFileToSQLCipher4sFormatWithNothingLost() throws {
        let key = try SecretBytes.random(count: 32)
        try Self.writeSQLCipher3File(at: file, key: key, people: Self.people)
        try Database.upgradeCipherFormat(at: file, key: key)
        let database = try Database(at: file, key: key)
        XCTAssertEqual(database.cipherFormat, .sqlcipher4)
        XCTAssertEqual(try Fixtures.people(in: database).count(), Self.people)
        XCTAssertEqual(try database.integrityCheck(), ["ok"])
        XCTAssertTrue(try settings(of: database).contains("PRAGMA cipher_page_size = 4096;"))
        let names = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        XCTAssertFalse(names.contains { $0.contains(".sqlcipher4") }, "\(names)")
    }

    func testAFileAlreadyInSQLCipher4sFormatIsLeftAsItIs() throws {
        let key = try SecretBytes.random(count: 32)
        let database = try Database(at: file, key: key)
        _ = try Fixtures.people(in: database).insert(contentsOf: [Person("Grace", "Hopper")])
        database.close()
        let before = try Data(contentsOf: file)
        try Database.upgradeCipherFormat(at: file, key: key)
        XCTAssertEqual(try Data(contentsOf: file), before)
    }

    func testTheKeyFileNamesTheFormatAndChangesOnlyWhenTold() throws {
        let vault = KeyVault(directory: temporary.url, derivation: .fastForTests)
        _ = try vault.create(pin: secret("2468"))
        XCTAssertEqual(try vault.cipherFormat(), .sqlcipher4, "a new key file")
        try vault.recordCipherFormat(.sqlcipher3)
        XCTAssertEqual(try vault.cipherFormat(), .sqlcipher3)
        XCTAssertNotNil(try vault.unlock(pin: secret("2468")), "a Debian 12 key file still unlocks")
        try vault.recordCipherFormat(.sqlcipher4)
        XCTAssertEqual(try vault.cipherFormat(), .sqlcipher4)
    }

    /// Killed with SIGKILL at each step of the move, the file still opens with the same key in
    /// one format or the other, with every record; the next move finishes it.
    func testAnUpgradeKilledAtAnyStepLosesNothing() throws {
        let executable = try XCTUnwrap(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        for step in Database.EncryptionStep.allCases {
            let folder = TemporaryDirectory()
            let file = folder.url.appendingPathComponent(Database.fileName)
            let key = try SecretBytes.random(count: 32)
            try Self.writeSQLCipher3File(at: file, key: key, people: Self.people)
            try key.withBytes { try Data($0).write(to: folder.url.appendingPathComponent("key")) }

            try CrashChild.runUntilKilled(
                executable: executable, test: "StorageTests.CipherFormatTests/testUpgradeChildWhenStartedByTheCrashTest",
                variable: Self.childVariable, folder: folder.url, step: step.rawValue)

            let reopened = try Database(at: file, key: key)
            XCTAssertEqual(try Fixtures.people(in: reopened).count(), Self.people, "killed at \(step)")
            XCTAssertEqual(try reopened.integrityCheck(), ["ok"], "killed at \(step)")
            reopened.close()
            try Database.upgradeCipherFormat(at: file, key: key)
            let moved = try Database(at: file, key: key)
            XCTAssertEqual(moved.cipherFormat, .sqlcipher4, "killed at \(step)")
            XCTAssertEqual(try Fixtures.people(in: moved).count(), Self.people, "killed at \(step)")
            moved.close()
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            XCTAssertFalse(names.contains { $0.contains(".sqlcipher4") }, "killed at \(step): \(names)")
        }
    }

    /// The child: the move, stopping at the step it was given. Does nothing unless started by
    /// the test above.
    func testUpgradeChildWhenStartedByTheCrashTest() throws {
        guard let value = ProcessInfo.processInfo.environment[Self.childVariable] else { return }
        let parts = value.split(separator: "\n").map(String.init)
        let folder = URL(fileURLWithPath: parts[0], isDirectory: true)
        let stop = parts[1]
        let bytes = try Data(contentsOf: folder.appendingPathComponent("key"))
        let key = try [UInt8](bytes).withUnsafeBufferPointer { try SecretBytes(copying: $0) }
        try Database.upgradeCipherFormat(at: folder.appendingPathComponent(Database.fileName), key: key) { step in
            guard step.rawValue == stop else { return }
            CrashChild.stop(at: step.rawValue)
        }
    }
}
