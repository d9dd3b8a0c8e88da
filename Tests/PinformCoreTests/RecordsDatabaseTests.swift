import Foundation
@_spi(Testing) import Storage
import XCTest
import PinformCore

/// The records while unlocked: opened with the data key, closed and forgotten on lock, and an
/// older version's plaintext file encrypted the first time it is opened.
final class RecordsDatabaseTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-recordsdb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var paths: AppPaths {
        AppPaths(dataDirectory: folder.appendingPathComponent("data"), configDirectory: folder.appendingPathComponent("config"))
    }

    private static let ada = Contact(name: "Ada Lovelace", email: Email("ada@example.com")!)

    private func secret(_ digits: String) throws -> SecretBytes {
        var digits = digits
        return try digits.withUTF8 { try SecretBytes(copying: $0) }
    }

    func testAnOlderVersionsPlaintextRecordsAreEncryptedWhenFirstOpened() throws {
        let paths = self.paths
        try paths.ensureExists()
        var digits = "2468"
        try digits.withUTF8 { try PinVault(directory: paths.dataDirectory).store(digits: $0) }
        let pin = try secret("2468")
        try MainActor.assumeIsolated { () throws in
            // The previous version's installation: plaintext records and pin.hash.
            let plain = try Database(at: paths.recordsFile)
            let old = try RecordStore<Contact>(database: plain, table: Contact.table, columns: Contact.storeColumns)
            _ = try old.insert(contentsOf: Array(repeating: Self.ada, count: 3))
            plain.close()

            let key = try XCTUnwrap(try KeyVault(directory: paths.dataDirectory, derivation: .fastForTests).unlock(pin: pin))
            let records = RecordsDatabase(paths: paths, key: key)
            XCTAssertEqual(try records.store(Contact.self).count(), 3)
            XCTAssertNil(records.openError)
            records.close()

            XCTAssertFalse(Database.isPlaintextFile(at: paths.recordsFile))
            XCTAssertFalse(FileManager.default.fileExists(atPath: paths.dataDirectory.appendingPathComponent("pin.hash").path))
            let reopened = try Database(at: paths.recordsFile, key: key)
            XCTAssertEqual(try RecordStore<Contact>(database: reopened, table: Contact.table, columns: Contact.storeColumns).count(), 3)
        }
    }

    func testLockingClosesTheFileAndForgetsTheKey() throws {
        let paths = self.paths
        try MainActor.assumeIsolated { () throws in
            let records = RecordsDatabase(paths: paths, key: try SecretBytes.random(count: 32))
            _ = try records.store(Contact.self).insert(Self.ada)
            records.close()
            XCTAssertNil(records.database)
            XCTAssertThrowsError(try records.store(Contact.self))
        }
    }
}

/// A record model with no form: what the records session needs of one.
private struct Contact: Codable, Equatable {
    var name: String
    var email: Email
}

extension Contact: RecordModel {
    static var title: String { "Contact" }
    static var settingsKey: String { "contact" }
    static var iconName: String { "avatar-default-symbolic" }
    static var blank: Contact { Contact(name: "", email: Email("name@example.com")!) }
    static var table: String { "contact" }
    static var exportFileName: String { "contacts.csv" }
    static var fields: [RecordField<Contact>] { [.text("Name", stored: "name", \.name)] }
    var summary: String { "\(name), \(email)" }
}
