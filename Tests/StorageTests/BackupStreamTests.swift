import Foundation
import XCTest
@_spi(Testing) @testable import Storage
#if canImport(Glibc)
import Glibc
#endif

/// A backup is read as a stream (`BackupStream`): what it holds comes out as written, anything
/// changed or cut is refused without a crash and leaves no file behind, and a backup larger than
/// the room beside the records is refused before a byte of it is read.
final class BackupStreamTests: XCTestCase {
    private var folder: TemporaryDirectory!

    override func setUp() {
        folder = TemporaryDirectory()
    }

    override func tearDown() {
        folder = nil
    }

    private let archive = BackupArchive(entries: [
        BackupArchive.Entry(name: "keys.json", data: Data("{\"format\":1}".utf8)),
        BackupArchive.Entry(name: "records.sqlite", data: Data((0..<3 * 1024).map { UInt8($0 % 251) })),
    ])

    func testWhatIsReadIsWhatWasWrittenAndTheRecordsGoToTheirFile() throws {
        // Chunks smaller than the records, so that they are read in several.
        let records = Data((0..<(BackupStream.chunkSize * 2 + 5)).map { UInt8($0 % 253) })
        let big = BackupArchive(entries: [archive.entries[0], BackupArchive.Entry(name: "records.sqlite", data: records)])
        let file = folder.url.appendingPathComponent("a.pinform-backup")
        try big.encoded().write(to: file)
        let unpacked = folder.url.appendingPathComponent("out", isDirectory: true)
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: false)
        let contents = try BackupStream.read(file, unpackingRecordsInto: unpacked)
        XCTAssertEqual(contents.keyFile, archive.entries[0].data)
        XCTAssertEqual(contents.recordsSize, UInt64(records.count))
        XCTAssertEqual(contents.recordsHead, records.prefix(16))
        let written = try XCTUnwrap(contents.recordsFile)
        XCTAssertEqual(try Data(contentsOf: written), records)
        XCTAssertEqual(TemporaryDirectory.mode(of: written), 0o600)
        // Checked only: nothing is written.
        let checked = try BackupStream.read(file)
        XCTAssertNil(checked.recordsFile)
        XCTAssertEqual(checked.recordsSize, UInt64(records.count))
    }

    func testChangedCutAndStretchedArchivesAreRefusedAndLeaveNoFile() throws {
        let original = archive.encoded()
        var mutations = ArchiveMutations(of: original, seed: 0x2545_F491_4F6C_DD1D)
        let file = folder.url.appendingPathComponent("mutated.pinform-backup")
        let unpacked = folder.url.appendingPathComponent("out", isDirectory: true)
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: false)
        var refused = 0
        for round in 0..<600 {
            let bytes = mutations.next(round: round)
            guard bytes != original else { continue }
            try bytes.write(to: file)
            do {
                _ = try BackupStream.read(file, unpackingRecordsInto: unpacked)
                XCTFail("round \(round) was read")
            } catch {
                refused += 1
                switch error {
                case .damaged, .notABackup, .newerVersion: break
                default: XCTFail("round \(round): \(error)")
                }
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: unpacked.path), [], "round \(round)")
        }
        XCTAssertGreaterThan(refused, 580)
    }

    func testABackupLargerThanTheRoomBesideTheRecordsIsRefusedAndNothingMoves() throws {
        let paths = AppPaths(dataDirectory: folder.url.appendingPathComponent("data/pinform"),
                             configDirectory: folder.url.appendingPathComponent("config/pinform"))
        try paths.ensureExists()
        try Data("records".utf8).write(to: paths.recordsFile)
        var system = statvfs()
        XCTAssertEqual(statvfs(paths.dataDirectory.path, &system), 0)
        let free = UInt64(system.f_bavail) * UInt64(system.f_frsize)
        // A sparse file: as large as it says, without taking the room.
        let file = folder.url.appendingPathComponent("huge.pinform-backup")
        let descriptor = open(file.path, O_WRONLY | O_CREAT, 0o600)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertEqual(ftruncate(descriptor, off_t(free + (1 << 30))), 0)
        close(descriptor)
        XCTAssertThrowsError(try Backup.restore(file, into: paths, opening: secret("2468"), derivation: .fastForTests)) {
            guard case .noRoom(let path, let needed, _)? = $0 as? BackupError else { return XCTFail("\($0)") }
            XCTAssertEqual(path, file.path)
            XCTAssertGreaterThan(needed, free)
            XCTAssertTrue(($0 as? BackupError)?.message.contains("MB") ?? false)
        }
        XCTAssertEqual(try String(contentsOf: paths.recordsFile, encoding: .utf8), "records")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: paths.dataDirectory.path), [Database.fileName])
    }
}

/// Restore opens the backup with its PIN or recovery key before anything is replaced.
final class BackupRestoreKeyTests: XCTestCase {
    private var home: TemporaryDirectory!
    private var backups: TemporaryDirectory!

    override func setUp() {
        home = TemporaryDirectory()
        backups = TemporaryDirectory()
    }

    override func tearDown() {
        home = nil
        backups = nil
    }

    private var paths: AppPaths {
        AppPaths(dataDirectory: home.url.appendingPathComponent("data/pinform"),
                 configDirectory: home.url.appendingPathComponent("config/pinform"))
    }

    /// A backup of an installation whose PIN is 246813, made with `derivation`; the data folder
    /// then holds other records under another key (2468).
    private func backupAndOtherRecords(derivation: KeyDerivation = .fastForTests) throws -> (URL, SecretBytes) {
        let made = TemporaryDirectory()
        let madePaths = AppPaths(dataDirectory: made.url.appendingPathComponent("data"), configDirectory: made.url.appendingPathComponent("config"))
        try madePaths.ensureExists()
        let vault = KeyVault(directory: madePaths.dataDirectory, derivation: derivation)
        let (key, recovery) = try vault.createWithRecoveryKey(pin: secret("246813"))
        let database = try Database(at: madePaths.recordsFile, key: key)
        _ = try Fixtures.people(in: database).insert(contentsOf: [Person("Ada", "Lovelace")])
        let file = try Backup.make(of: database, keyFile: vault.fileURL, key: key, in: backups.url, automatic: false)
        database.close()
        try paths.ensureExists()
        let currentKey = try KeyVault(directory: paths.dataDirectory, derivation: .fastForTests).create(pin: secret("2468"))
        let current = try Database(at: paths.recordsFile, key: currentKey)
        _ = try Fixtures.people(in: current).insert(contentsOf: [Person("Current", "One")])
        current.close()
        return (file, recovery)
    }

    private func assertNothingReplaced(file: StaticString = #filePath, line: UInt = #line) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: paths.dataDirectory.path)
        XCTAssertFalse(names.contains { $0.hasPrefix(Backup.asidePrefix) || $0.hasPrefix(".restoring") }, "\(names)", file: file, line: line)
        XCTAssertNotNil(try KeyVault(directory: paths.dataDirectory, derivation: .fastForTests).unlock(pin: secret("2468")),
                        file: file, line: line)
    }

    func testAWrongPINOrRecoveryKeyReplacesNothing() throws {
        let (file, _) = try backupAndOtherRecords()
        // What a killed restore left goes at the next one.
        let left = paths.dataDirectory.appendingPathComponent(".restoring-AbC123", isDirectory: true)
        try FileManager.default.createDirectory(at: left, withIntermediateDirectories: false)
        try Data(count: 4096).write(to: left.appendingPathComponent(Database.fileName))
        XCTAssertThrowsError(try Backup.restore(file, into: paths, opening: secret("246814"), derivation: .fastForTests)) {
            XCTAssertEqual($0 as? BackupError, .wrongSecret(path: file.path))
        }
        let wrongRecovery = String(repeating: "12345-", count: 7) + "12345"
        XCTAssertThrowsError(try Backup.restore(file, into: paths, opening: secret(wrongRecovery), derivation: .fastForTests)) {
            XCTAssertEqual($0 as? BackupError, .wrongSecret(path: file.path))
        }
        try assertNothingReplaced()
    }

    func testTheRecoveryKeyRestoresAndTheCurrentRecordsAreKeptAside() throws {
        let (file, recovery) = try backupAndOtherRecords()
        let aside = try XCTUnwrap(try Backup.restore(file, into: paths, opening: recovery, derivation: .fastForTests))
        XCTAssertTrue(FileManager.default.fileExists(atPath: aside.appendingPathComponent(Database.fileName).path))
        let key = try XCTUnwrap(try KeyVault(directory: paths.dataDirectory, derivation: .fastForTests).unlock(pin: secret("246813")))
        let restored = try Database(at: paths.recordsFile, key: key)
        XCTAssertEqual(try Fixtures.people(in: restored).count(), 1)
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: paths.dataDirectory.path).contains { $0.hasPrefix(".restoring") })
    }

    func testRecordsThatDoNotOpenWithTheBackupsKeyReplaceNothing() throws {
        let (file, _) = try backupAndOtherRecords()
        // The key file kept, the records 64 KiB of zeros: whole pages, no plain header.
        let original = try BackupArchive(decoding: try Data(contentsOf: file))
        let zeros = BackupArchive(entries: [try XCTUnwrap(original.entry(named: "keys.json")),
                                            BackupArchive.Entry(name: "records.sqlite", data: Data(count: 64 * 1024))])
        let forged = backups.url.appendingPathComponent("zeros.pinform-backup")
        try zeros.encoded().write(to: forged)
        XCTAssertThrowsError(try Backup.restore(forged, into: paths, opening: secret("246813"), derivation: .fastForTests)) {
            XCTAssertEqual($0 as? BackupError, .recordsDoNotOpen(path: forged.path))
        }
        try assertNothingReplaced()
    }

    func testAWeakPINSlotInTheBackupIsRestoredWrappedWithTheAppsDerivation() throws {
        let (file, _) = try backupAndOtherRecords(derivation: KeyDerivation(memoryKiB: 8, passes: 1))
        try Backup.restore(file, into: paths, opening: secret("246813"), derivation: .fastForTests)
        // The PIN slot's (the recovery slot's 133-bit key needs no slow derivation, and keeps its own).
        let text = try String(contentsOf: paths.dataDirectory.appendingPathComponent(KeyVault.fileName), encoding: .utf8)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let slots = try XCTUnwrap(json["slots"] as? [[String: Any]])
        let pin = try XCTUnwrap(slots.first { $0["kind"] as? String == "pin" })
        XCTAssertTrue(try XCTUnwrap(pin["kdf"] as? String).contains("$m=8192,t=1,p=1$"))
    }
}
