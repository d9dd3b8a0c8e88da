import Foundation
import XCTest
@_spi(Testing) @testable import Storage

/// The records at rest: encrypted by SQLCipher under the data key, and an older version's
/// plaintext installation upgraded on its first unlock.
final class EncryptionTests: XCTestCase {
    private var temporary: TemporaryDirectory!
    private static let marker = "Quetzalcoatl-7Y3K"

    override func setUp() {
        temporary = TemporaryDirectory()
    }

    override func tearDown() {
        temporary = nil
    }

    private var file: URL { temporary.url.appendingPathComponent(Database.fileName) }

    /// Every file under the folder, whatever its name (database, -wal, -shm, journals, temporary files).
    private func filesContaining(_ text: String) throws -> [String] {
        let needle = Data(text.utf8)
        let names = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        return try names.filter { name in
            let data = try Data(contentsOf: temporary.url.appendingPathComponent(name))
            return data.range(of: needle) != nil
        }
    }

    @discardableResult
    private func insertPeople(into database: Database, count: Int) throws -> RecordStore<Person> {
        let people = try Fixtures.people(in: database)
        _ = try people.insert(contentsOf: (0..<count).map { Person("\(EncryptionTests.marker) \($0)", "Lovelace") })
        return people
    }

    func testNoByteOfARecordsTextIsInAnyFileWhileOpenOrAfterClosing() throws {
        let key = try SecretBytes.random(count: 32)
        let database = try Database(at: file, key: key)
        let people = try insertPeople(into: database, count: 300)
        // While open, the write-ahead log holds the latest pages.
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path + "-wal"))
        XCTAssertEqual(try filesContaining(EncryptionTests.marker), [])
        XCTAssertEqual(try filesContaining("Lovelace"), [])
        _ = try people.list(sortedBy: "first_name", ascending: false, limit: 300)
        database.close()
        XCTAssertEqual(try filesContaining(EncryptionTests.marker), [])
        XCTAssertEqual(try filesContaining("SQLite format 3"), [])
    }

    func testTheFileOpensAgainWithItsKey() throws {
        let key = try SecretBytes.random(count: 32)
        try insertPeople(into: try Database(at: file, key: key), count: 3)
        let again = try Database(at: file, key: key)
        XCTAssertEqual(try Fixtures.people(in: again).count(), 3)
        XCTAssertEqual(try Fixtures.people(in: again).count(matching: EncryptionTests.marker), 3)
    }

    func testAnotherKeyCannotOpenTheFile() throws {
        try insertPeople(into: try Database(at: file, key: try SecretBytes.random(count: 32)), count: 1)
        XCTAssertThrowsError(try Database(at: file, key: try SecretBytes.random(count: 32)))
        XCTAssertThrowsError(try Database(at: file))
    }

    func testCipherSettingsAreFixedAndTemporaryDataStaysInMemory() throws {
        let database = try Database(at: file, key: try SecretBytes.random(count: 32))
        // SQLCipher 4's settings, named (`cipher_compatibility = 4`) rather than the library's defaults.
        XCTAssertEqual(try database.rows("PRAGMA cipher_page_size").first?.first, .text("4096"))
        XCTAssertEqual(try database.rows("PRAGMA kdf_iter").first?.first, .text("256000"))
        XCTAssertEqual(try database.rows("PRAGMA cipher_hmac_algorithm").first?.first, .text("HMAC_SHA512"))
        XCTAssertEqual(try database.rows("PRAGMA cipher_use_hmac").first?.first, .text("1"))
        XCTAssertEqual(try database.rows("PRAGMA temp_store").first?.first, .integer(2))
    }

    // MARK: Upgrade from an older version

    /// Today's installation: plaintext records and `pin.hash`, written by the old code paths.
    private func makeOldInstallation(pin: String, people: Int) throws {
        let database = try Database(at: file)
        try insertPeople(into: database, count: people)
        database.close()
        var digits = pin
        try digits.withUTF8 { try PinVault(directory: temporary.url).store(digits: $0) }
        XCTAssertTrue(Database.isPlaintextFile(at: file))
    }

    func testAnOldInstallationIsEncryptedOnItsFirstUnlockWithNothingLost() throws {
        try makeOldInstallation(pin: "2468", people: 50)
        let vault = KeyVault(directory: temporary.url, derivation: .fastForTests)
        XCTAssertTrue(vault.needsUpgrade)
        XCTAssertEqual(vault.pinLength, 4)
        let key = try XCTUnwrap(try vault.unlock(pin: secret("2468")))
        try Database.encryptPlaintextFile(at: file, key: key)
        try vault.finishUpgrade()

        XCTAssertFalse(Database.isPlaintextFile(at: file))
        XCTAssertEqual(try filesContaining(EncryptionTests.marker), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("pin.hash").path))
        let database = try Database(at: file, key: key)
        XCTAssertEqual(try Fixtures.people(in: database).count(matching: EncryptionTests.marker), 50)
        XCTAssertEqual(try database.integrityCheck(), ["ok"])
        XCTAssertTrue(try XCTUnwrap(try vault.unlock(pin: secret("2468"))).matches(key))
    }

    func testAWrongPINChangesNothingInAnOldInstallation() throws {
        try makeOldInstallation(pin: "2468", people: 2)
        let vault = KeyVault(directory: temporary.url, derivation: .fastForTests)
        XCTAssertNil(try vault.unlock(pin: secret("1357")))
        XCTAssertTrue(vault.needsUpgrade)
        XCTAssertTrue(Database.isPlaintextFile(at: file))
        XCTAssertFalse(FileManager.default.fileExists(atPath: vault.fileURL.path))
    }

    func testAnUpgradeStoppedBeforeTheSwapIsDoneAgainNextTime() throws {
        try makeOldInstallation(pin: "2468", people: 20)
        let vault = KeyVault(directory: temporary.url, derivation: .fastForTests)
        let key = try XCTUnwrap(try vault.unlock(pin: secret("2468")))
        // As if killed while exporting: a half-made copy beside the untouched plaintext file.
        try temporary.write("half a copy", to: Database.fileName + ".encrypting")
        try temporary.write("its journal", to: Database.fileName + ".encrypting-journal")

        // Next run: the key file is there now, so the PIN unwraps it; the records are still plain.
        let next = KeyVault(directory: temporary.url, derivation: .fastForTests)
        XCTAssertFalse(next.needsUpgrade)
        let unwrapped = try XCTUnwrap(try next.unlock(pin: secret("2468")))
        XCTAssertTrue(unwrapped.matches(key))
        XCTAssertTrue(Database.isPlaintextFile(at: file))
        try Database.encryptPlaintextFile(at: file, key: unwrapped)
        try next.finishUpgrade()

        XCTAssertEqual(try Fixtures.people(in: try Database(at: file, key: key)).count(), 20)
        let names = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        XCTAssertFalse(names.contains { $0.contains(".encrypting") }, "\(names)")
    }

    func testAPlaintextFileWithALiveLogKeepsItsLatestRecords() throws {
        // An older version killed with records only in its write-ahead log: its files, copied
        // while it still runs, are what a SIGKILL leaves.
        let elsewhere = TemporaryDirectory()
        let source = elsewhere.url.appendingPathComponent(Database.fileName)
        let writer = try Database(at: source)
        try insertPeople(into: writer, count: 7)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: source.path + suffix, toPath: file.path + suffix)
        }
        writer.close()
        let key = try SecretBytes.random(count: 32)
        try Database.encryptPlaintextFile(at: file, key: key)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path + "-wal"))
        XCTAssertEqual(try Fixtures.people(in: try Database(at: file, key: key)).count(), 7)
        XCTAssertEqual(try filesContaining(EncryptionTests.marker), [])
    }
}
