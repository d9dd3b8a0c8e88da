import Foundation
import XCTest
@_spi(Testing) @testable import Storage

/// "Lock out old keys and backups": a new data key for the same records, all or nothing. The old
/// PIN (in an older copy of the key file), the old recovery key and the backups made before open
/// nothing saved after.
final class KeyRotationTests: XCTestCase {
    private var home: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory()
    }

    override func tearDown() {
        home = nil
    }

    private var paths: AppPaths {
        AppPaths(dataDirectory: home.url.appendingPathComponent("data"), configDirectory: home.url.appendingPathComponent("config"))
    }

    private func installation() throws -> (KeyVault, SecretBytes, SecretBytes) {
        try paths.ensureExists()
        let vault = KeyVault(directory: paths.dataDirectory, derivation: .fastForTests)
        let (key, recovery) = try vault.createWithRecoveryKey(pin: secret("246813"))
        let database = try Database(at: paths.recordsFile, key: key)
        _ = try Fixtures.people(in: database).insert(contentsOf: (0..<30).map { Person("Before \($0)", "Rotation") })
        database.close()
        return (vault, key, recovery)
    }

    private func count(key: SecretBytes) throws -> Int {
        let database = try Database(at: paths.recordsFile, key: key)
        defer { database.close() }
        return try Fixtures.people(in: database).count()
    }

    func testAfterARotationOnlyTheNewKeysOpenTheRecords() throws {
        let (vault, oldKey, oldRecovery) = try installation()
        let credential = try secret("server password")
        try vault.sealCredential(credential, named: "shared", account: "desk1@server", dataKey: oldKey)
        let oldKeyFile = try Data(contentsOf: vault.fileURL)

        let rotation = try vault.prepareRotation(from: oldKey, pin: secret("246813"))
        XCTAssertFalse(rotation.dataKey.matches(oldKey))
        try Database.rekey(fileAt: paths.recordsFile, from: oldKey, to: rotation.dataKey) { () throws(VaultError) in
            try vault.commitRotation(rotation)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths.recordsFile.path + Database.rekeyedSuffix))

        // The PIN opens the new key, and the records with it; nothing was lost.
        let newKey = try XCTUnwrap(try vault.unlock(pin: secret("246813")))
        XCTAssertTrue(newKey.matches(rotation.dataKey))
        XCTAssertEqual(try count(key: newKey), 30)
        XCTAssertNotNil(try vault.unlock(recoveryKey: rotation.recoveryKey))
        // A sealed credential moved to the new key.
        let (account, moved) = try XCTUnwrap(try vault.credential(named: "shared", dataKey: newKey))
        XCTAssertEqual(account, "desk1@server")
        XCTAssertTrue(moved.matches(credential))

        // The old recovery key opens nothing now; the old key file's PIN gives the old key,
        // which opens no records saved after.
        XCTAssertNil(try vault.unlock(recoveryKey: oldRecovery))
        XCTAssertThrowsError(try Database(at: paths.recordsFile, key: oldKey))
        let older = TemporaryDirectory()
        try oldKeyFile.write(to: older.url.appendingPathComponent(KeyVault.fileName))
        let fromOldFile = try XCTUnwrap(try KeyVault(directory: older.url, derivation: .fastForTests).unlock(pin: secret("246813")))
        XCTAssertThrowsError(try Database(at: paths.recordsFile, key: fromOldFile))
    }

    func testAKeyFileThatCannotBeWrittenLeavesTheRecordsAndTheKeysAsTheyWere() throws {
        let (vault, oldKey, oldRecovery) = try installation()
        let keysBefore = try Data(contentsOf: vault.fileURL)
        let rotation = try vault.prepareRotation(from: oldKey, pin: secret("246813"))
        XCTAssertThrowsError(try Database.rekey(fileAt: paths.recordsFile, from: oldKey, to: rotation.dataKey) { () throws(VaultError) in
            throw VaultError.writeFailed(path: vault.fileURL.path, reason: "No space left on device")
        }) { error in
            XCTAssertTrue("\(error)".contains("No space left on device"), "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: vault.fileURL), keysBefore)
        XCTAssertEqual(try count(key: oldKey), 30)
        XCTAssertNotNil(try vault.unlock(recoveryKey: oldRecovery))
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths.recordsFile.path + Database.rekeyedSuffix))
    }

    func testARotationKilledAfterItsKeyFileIsFinishedAtTheNextUnlockAndOneKilledBeforeIsUndone() throws {
        let (vault, oldKey, _) = try installation()
        // The copy a rotation wrote: the same records under a new key, beside the file.
        let newKey = try SecretBytes.random(count: KeyVault.dataKeyLength)
        let scratch = TemporaryDirectory()
        let copy = scratch.url.appendingPathComponent(Database.fileName)
        try FileManager.default.copyItem(at: paths.recordsFile, to: copy)
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: paths.recordsFile.path + suffix) {
            try FileManager.default.copyItem(atPath: paths.recordsFile.path + suffix, toPath: copy.path + suffix)
        }
        try Database.rekey(fileAt: copy, from: oldKey, to: newKey) { () throws(VaultError) in }
        let rekeyed = paths.recordsFile.path + Database.rekeyedSuffix

        // Killed before the key file: the key is still the old one; the copy goes.
        try FileManager.default.copyItem(atPath: copy.path, toPath: rekeyed)
        Database.finishRekey(at: paths.recordsFile, key: oldKey)
        XCTAssertFalse(FileManager.default.fileExists(atPath: rekeyed))
        XCTAssertEqual(try count(key: oldKey), 30)

        // Killed after the key file: the key file gives the new key; the copy comes in.
        try FileManager.default.copyItem(atPath: copy.path, toPath: rekeyed)
        Database.finishRekey(at: paths.recordsFile, key: newKey)
        XCTAssertFalse(FileManager.default.fileExists(atPath: rekeyed))
        XCTAssertEqual(try count(key: newKey), 30)
        _ = vault
    }
}
