import Foundation
@_spi(Testing) import Storage
import XCTest
import PinformCore

/// The daily backup of the unlocked records: made when due, once a day, the oldest removed.
final class BackupRunTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-backuprun-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("backups"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testADailyBackupIsMadeWhenDueAndTheOldestGo() throws {
        let paths = AppPaths(dataDirectory: folder.appendingPathComponent("data"), configDirectory: folder.appendingPathComponent("config"))
        try paths.ensureExists()
        var digits = "135790"
        let pin = try digits.withUTF8 { try SecretBytes(copying: $0) }
        let key = try KeyVault(directory: paths.dataDirectory, derivation: .fastForTests).create(pin: pin)
        let backups = folder.appendingPathComponent("backups")
        let unwritable = folder.appendingPathComponent("missing")
        try MainActor.assumeIsolated { () throws in
            let records = RecordsDatabase(paths: paths, key: key)
            defer { records.close() }
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            for day in 0..<4 {
                let now = start + Double(day) * 86_400
                guard case .success(let file)? = BackupRun.backUpIfDue(records, key: key, paths: paths, into: backups,
                                                                       keeping: 2, now: now) else {
                    return XCTFail("day \(day): no backup")
                }
                XCTAssertNoThrow(try Backup.verify(file, key: key))
                XCTAssertNil(BackupRun.backUpIfDue(records, key: key, paths: paths, into: backups, keeping: 2, now: now + 3600),
                             "one a day")
            }
            XCTAssertEqual(BackupFolder(url: backups).automaticBackups().map(\.date), [start + 2 * 86_400, start + 3 * 86_400])
            guard case .failure(.cannotWrite)? = BackupRun.backUpIfDue(records, key: key, paths: paths, into: unwritable,
                                                                       keeping: 2, now: start) else {
                return XCTFail("a missing folder is a failure")
            }
        }
    }

    @MainActor
    func testInTheBackgroundTheBackupIsWrittenCheckedAndTheOldestDailyOnesGo() async throws {
        let paths = AppPaths(dataDirectory: folder.appendingPathComponent("data"), configDirectory: folder.appendingPathComponent("config"))
        try paths.ensureExists()
        var digits = "135790"
        let pin = try digits.withUTF8 { try SecretBytes(copying: $0) }
        let key = try KeyVault(directory: paths.dataDirectory, derivation: .fastForTests).create(pin: pin)
        let backups = folder.appendingPathComponent("backups")
        let records = RecordsDatabase(paths: paths, key: key)
        defer { records.close() }
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for day in 0..<3 {
            let result = await BackupRun.backUpInBackgroundIfDue(records, key: key, paths: paths, into: backups, keeping: 2,
                                                                 now: start + Double(day) * 86_400)
            guard case .success(let file)? = result else { return XCTFail("day \(day): \(String(describing: result))") }
            XCTAssertNoThrow(try Backup.verify(file, key: key))
        }
        let again = await BackupRun.backUpInBackgroundIfDue(records, key: key, paths: paths, into: backups, keeping: 2,
                                                            now: start + 2 * 86_400 + 60)
        XCTAssertNil(again, "one a day")
        XCTAssertEqual(BackupFolder(url: backups).automaticBackups().count, 2)
        let manual = await BackupRun.backUpInBackground(records, key: key, paths: paths, into: backups, automatic: false)
        guard case .success(let file) = manual else { return XCTFail("\(manual)") }
        XCTAssertTrue(file.lastPathComponent.hasPrefix("pinform-2"), file.lastPathComponent)
        let missing = await BackupRun.backUpInBackground(records, key: key, paths: paths,
                                                         into: folder.appendingPathComponent("gone"), automatic: false)
        guard case .failure(.cannotWrite) = missing else { return XCTFail("\(missing)") }
    }
}
