import Foundation
import XCTest
@_spi(Testing) @testable import Storage

/// Backups: the records and the key file in one sealed archive, written whole or not at all,
/// checked after writing, and restored into a data folder — even a fresh home's — where the
/// recovery key opens them.
final class BackupTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var backups: TemporaryDirectory!
    private static let marker = "Backupius-Q8Z"

    override func setUp() {
        home = TemporaryDirectory()
        backups = TemporaryDirectory()
    }

    override func tearDown() {
        home = nil
        backups = nil
    }

    private func paths(in folder: TemporaryDirectory) -> AppPaths {
        AppPaths(dataDirectory: folder.url.appendingPathComponent("data/pinform"),
                 configDirectory: folder.url.appendingPathComponent("config/pinform"))
    }

    /// A vault with a PIN and a recovery key, and an open database with `count` people.
    private func installation(_ paths: AppPaths, count: Int) throws -> (Database, SecretBytes, SecretBytes, KeyVault) {
        try paths.ensureExists()
        let vault = KeyVault(directory: paths.dataDirectory, derivation: .fastForTests)
        let (key, recovery) = try vault.createWithRecoveryKey(pin: secret("246813"))
        let database = try Database(at: paths.recordsFile, key: key)
        let people = try Fixtures.people(in: database)
        _ = try people.insert(contentsOf: (0..<count).map { Person("\(BackupTests.marker) \($0)", "Hopper") })
        return (database, key, recovery, vault)
    }

    func testABackupIsRestoredOnAFreshHomeAndOpensWithTheRecoveryKey() throws {
        let original = paths(in: home)
        let (database, key, recovery, vault) = try installation(original, count: 25)
        // Still in the write-ahead log, not checkpointed: the backup must hold it too.
        XCTAssertTrue(FileManager.default.fileExists(atPath: original.recordsFile.path + "-wal"))
        let file = try Backup.make(of: database, keyFile: vault.fileURL, key: key, in: backups.url, automatic: false)
        XCTAssertEqual(TemporaryDirectory.mode(of: file), 0o600)
        XCTAssertEqual(file.pathExtension, "pinform-backup")
        // Sealed: no record's text, no plaintext database header, in the backup.
        let bytes = try Data(contentsOf: file)
        XCTAssertNil(bytes.range(of: Data(BackupTests.marker.utf8)))
        XCTAssertNil(bytes.range(of: Data("SQLite format 3".utf8)))
        database.close()

        // The data folder is lost; a fresh home restores the backup.
        try FileManager.default.removeItem(at: home.url)
        let freshHome = TemporaryDirectory()
        let fresh = paths(in: freshHome)
        XCTAssertNil(try Backup.restore(file, into: fresh, opening: recovery, derivation: .fastForTests), "nothing was there to keep aside")
        XCTAssertEqual(TemporaryDirectory.mode(of: fresh.recordsFile), 0o600)
        XCTAssertEqual(TemporaryDirectory.mode(of: fresh.dataDirectory.appendingPathComponent(KeyVault.fileName)), 0o600)
        let restoredVault = KeyVault(directory: fresh.dataDirectory, derivation: .fastForTests)
        XCTAssertTrue(restoredVault.hasPIN)
        let unlocked = try XCTUnwrap(try restoredVault.unlock(recoveryKey: recovery))
        XCTAssertTrue(unlocked.matches(key))
        let restored = try Database(at: fresh.recordsFile, key: unlocked)
        XCTAssertEqual(try Fixtures.people(in: restored).count(matching: BackupTests.marker), 25)
        // The PIN opens it too, and it is not locked as if the counter had been deleted.
        XCTAssertNotNil(try restoredVault.unlock(pin: secret("246813")))
        XCTAssertNil(AttemptStore(paths: fresh).load(expectingFile: true).problem)
    }

    func testRestoringKeepsTheCurrentDataAsideAndReplacesIt() throws {
        let current = paths(in: home)
        let (database, key, _, vault) = try installation(current, count: 3)
        let file = try Backup.make(of: database, keyFile: vault.fileURL, key: key, in: backups.url, automatic: true)
        _ = try Fixtures.people(in: database).insert(contentsOf: [Person("After", "Backup")])
        database.close()
        let keysBefore = try Data(contentsOf: vault.fileURL)
        let aside = try XCTUnwrap(try Backup.restore(file, into: current, opening: secret("246813"), derivation: .fastForTests))
        XCTAssertTrue(aside.lastPathComponent.hasPrefix(Backup.asidePrefix))
        XCTAssertEqual(TemporaryDirectory.mode(of: aside), 0o700)
        XCTAssertEqual(try Data(contentsOf: aside.appendingPathComponent(KeyVault.fileName)), keysBefore)
        // The data kept aside still holds the record added after the backup.
        let kept = try Database(at: aside.appendingPathComponent(Database.fileName), key: key)
        XCTAssertEqual(try Fixtures.people(in: kept).count(), 4)
        kept.close()
        let restored = try Database(at: current.recordsFile, key: key)
        XCTAssertEqual(try Fixtures.people(in: restored).count(), 3)
    }

    func testAFullDiskLeavesNoFileAndAnUnwritableFolderSaysWhy() throws {
        let (database, key, _, vault) = try installation(paths(in: home), count: 2)
        XCTAssertThrowsError(try Backup.make(of: database, keyFile: vault.fileURL, key: key, in: backups.url,
                                             automatic: false, faultBeforeRename: ENOSPC)) { error in
            guard case .cannotWrite(_, let reason) = error as? BackupError else { return XCTFail("\(error)") }
            XCTAssertEqual(reason, String(cString: strerror(ENOSPC)))
            XCTAssertTrue((error as? BackupError)?.message.contains("Nothing was changed") ?? false)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: backups.path), [])
        let missing = backups.url.appendingPathComponent("gone")
        XCTAssertThrowsError(try Backup.make(of: database, keyFile: vault.fileURL, key: key, in: missing, automatic: false)) {
            guard case .cannotWrite? = $0 as? BackupError else { return XCTFail("\($0)") }
        }
    }

    func testADamagedOrForeignFileIsRefusedAndNothingIsReplaced() throws {
        let current = paths(in: home)
        let (database, key, _, vault) = try installation(current, count: 2)
        let file = try Backup.make(of: database, keyFile: vault.fileURL, key: key, in: backups.url, automatic: false)
        database.close()
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0x01
        let damaged = backups.url.appendingPathComponent("damaged.pinform-backup")
        try bytes.write(to: damaged)
        XCTAssertThrowsError(try Backup.restore(damaged, into: current, opening: secret("246813"), derivation: .fastForTests)) {
            XCTAssertEqual($0 as? BackupError, .damaged(path: damaged.path))
        }
        let cut = backups.url.appendingPathComponent("cut.pinform-backup")
        try bytes.prefix(100).write(to: cut)
        XCTAssertThrowsError(try Backup.restore(cut, into: current, opening: secret("246813"), derivation: .fastForTests)) {
            XCTAssertEqual($0 as? BackupError, .damaged(path: cut.path))
        }
        let foreign = try backups.write("name,surname\n", to: "people.csv")
        XCTAssertThrowsError(try Backup.restore(foreign, into: current, opening: secret("246813"), derivation: .fastForTests)) {
            XCTAssertEqual($0 as? BackupError, .notABackup(path: foreign.path))
        }
        var newer = try Data(contentsOf: file)
        newer[19] = 9
        let newerFile = backups.url.appendingPathComponent("newer.pinform-backup")
        try newer.write(to: newerFile)
        XCTAssertThrowsError(try Backup.restore(newerFile, into: current, opening: secret("246813"), derivation: .fastForTests)) {
            XCTAssertEqual($0 as? BackupError, .newerVersion(path: newerFile.path))
        }
        // Nothing was moved aside or replaced.
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: current.dataDirectory.path)
            .contains { $0.hasPrefix(Backup.asidePrefix) })
        XCTAssertEqual(try Fixtures.people(in: Database(at: current.recordsFile, key: key)).count(), 2)
    }

    func testVerificationWithTheKeyRefusesAnotherInstallationsBackup() throws {
        let (database, key, _, vault) = try installation(paths(in: home), count: 1)
        let file = try Backup.make(of: database, keyFile: vault.fileURL, key: key, in: backups.url, automatic: false)
        XCTAssertNoThrow(try Backup.verify(file, key: key))
        XCTAssertThrowsError(try Backup.verify(file, key: try SecretBytes.random(count: 32))) {
            guard case .unusable? = $0 as? BackupError else { return XCTFail("\($0)") }
        }
    }

    /// A daily backup made at `date` and recorded in the index.
    private func dailyBackup(of database: Database, _ vault: KeyVault, key: SecretBytes, at date: Date,
                             index: BackupIndex) throws -> URL {
        let file = try Backup.make(of: database, keyFile: vault.fileURL, key: key, in: backups.url, automatic: true, now: date)
        try index.record(file, made: date, automatic: true)
        return file
    }

    /// Issue 39: seven empty files named `pinform-auto-99990100T000000Z…` in the backup folder,
    /// and after the next daily backup the real older one and the new one were gone (pruning
    /// kept the last seven by name). Pruning reads the records' own index: planted files are
    /// never counted and never deleted, and the real backups are kept by the times recorded.
    func testPlantedNamesAreNeitherCountedNorDeletedByPruning() throws {
        let (database, key, _, vault) = try installation(paths(in: home), count: 2)
        let index = BackupIndex(database: database)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let older = try dailyBackup(of: database, vault, key: key, at: start, index: index)
        var planted: [URL] = []
        for number in 0..<7 {
            planted.append(try backups.write("", to: "pinform-auto-9999010\(number)T000000Z.pinform-backup"))
        }
        let newer = try dailyBackup(of: database, vault, key: key, at: start + 86_400, index: index)
        XCTAssertEqual(index.removeOldAutomaticBackups(in: backups.url, keeping: 7), [])
        for file in [older, newer] + planted {
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), file.lastPathComponent)
        }
        XCTAssertEqual(index.removeOldAutomaticBackups(in: backups.url, keeping: 1).map(\.path), [older.path])
        for file in [newer] + planted {
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), file.lastPathComponent)
        }
    }

    func testPruningKeepsTheLastFewMadeAndNeverABackupMadeByHand() throws {
        let (database, key, _, vault) = try installation(paths(in: home), count: 1)
        let index = BackupIndex(database: database)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let manual = try Backup.make(of: database, keyFile: vault.fileURL, key: key, in: backups.url, automatic: false, now: start)
        try index.record(manual, made: start, automatic: false)
        var daily: [URL] = []
        for day in 0..<5 {
            daily.append(try dailyBackup(of: database, vault, key: key, at: start + Double(day) * 86_400, index: index))
        }
        XCTAssertEqual(index.removeOldAutomaticBackups(in: backups.url, keeping: 3).map(\.path), daily.prefix(2).map(\.path))
        XCTAssertEqual(index.entries(in: backups.url).filter(\.isAutomatic).map(\.file.path), daily.suffix(3).map(\.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: manual.path), "a backup made by hand is never removed")
        XCTAssertEqual(index.newest?.made, start + 4 * 86_400)
    }

    func testABackupReplacedByAnotherFileIsNotDeletedAndIsForgotten() throws {
        let (database, key, _, vault) = try installation(paths(in: home), count: 1)
        let index = BackupIndex(database: database)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try dailyBackup(of: database, vault, key: key, at: start, index: index)
        _ = try dailyBackup(of: database, vault, key: key, at: start + 86_400, index: index)
        // Someone put another file under the first backup's name.
        try FileManager.default.removeItem(at: first)
        try Data("not the backup that was made".utf8).write(to: first)
        XCTAssertEqual(index.removeOldAutomaticBackups(in: backups.url, keeping: 1), [])
        XCTAssertEqual(try Data(contentsOf: first), Data("not the backup that was made".utf8))
        XCTAssertEqual(index.entries(in: backups.url).count, 1)
    }

    func testADailyBackupIsDueByTheRecordedTimesNotByNames() throws {
        let (database, key, _, vault) = try installation(paths(in: home), count: 1)
        let index = BackupIndex(database: database)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        // A planted name of "now" does not stop the daily backup.
        _ = try backups.write("", to: BackupFolder.fileName(at: start, automatic: true))
        XCTAssertTrue(index.isAutomaticBackupDue(in: backups.url, now: start))
        _ = try dailyBackup(of: database, vault, key: key, at: start, index: index)
        XCTAssertFalse(index.isAutomaticBackupDue(in: backups.url, now: start + 3600))
        XCTAssertTrue(index.isAutomaticBackupDue(in: backups.url, now: start + 86_400))
        XCTAssertTrue(index.isAutomaticBackupDue(in: backups.url, now: start - 3 * 86_400), "a clock set back does not stop backups")
        XCTAssertTrue(index.isAutomaticBackupDue(in: home.url, now: start + 3600), "another folder has none yet")
    }

    func testThousandsOfMutatedArchivesAreRefusedWithoutACrash() {
        let archive = BackupArchive(entries: [BackupArchive.Entry(name: "keys.json", data: Data("{\"format\":1}".utf8)),
                                              BackupArchive.Entry(name: "records.sqlite", data: Data(repeating: 7, count: 3000))])
        let original = archive.encoded()
        XCTAssertEqual(try BackupArchive(decoding: original), archive)
        var mutations = ArchiveMutations(of: original, seed: 0x9E37_79B9_7F4A_7C15)
        var refused = 0
        for round in 0..<3000 {
            let bytes = mutations.next(round: round)
            guard bytes != original else { continue }
            if (try? BackupArchive(decoding: bytes)) == nil { refused += 1 } else { XCTFail("round \(round) was read") }
        }
        XCTAssertGreaterThan(refused, 2900)
    }
}
