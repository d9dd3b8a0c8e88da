import Forms
import Foundation
@_spi(Testing) import Storage
import XCTest
import PinformCore

/// The daily backup of the unlocked records: made when due, once a day, the oldest removed.
final class BackupRunTests: XCTestCase {
    private var folder: URL!

    /// A data folder in this test's folder with a PIN chosen (fast key derivation): its paths
    /// and data key.
    private func makeDesk() throws -> (AppPaths, SecretBytes) {
        let paths = AppPaths(dataDirectory: folder.appendingPathComponent("data"), configDirectory: folder.appendingPathComponent("config"))
        try paths.ensureExists()
        var digits = "135790"
        let pin = try digits.withUTF8 { try SecretBytes(copying: $0) }
        return (paths, try KeyVault(directory: paths.dataDirectory, derivation: .fastForTests).create(pin: pin))
    }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-backuprun-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("backups"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The times of the daily backups in `folder` the index holds, each still there.
    @MainActor
    private static func dailyBackups(in folder: URL, of records: RecordsDatabase) -> [Date] {
        guard let database = records.database else { return [] }
        let made = BackupIndex(database: database).entries(in: folder).filter(\.isAutomatic)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        XCTAssertEqual(Set(made.map(\.file.lastPathComponent)), Set(names.filter { $0.hasPrefix("pinform-auto-") }))
        return made.map(\.made)
    }

    func testTheLastBackupIsSaidInTheUsersDateFormat() {
        let utc = TimeZone(identifier: "UTC")!
        let german = DateFormat(order: .dayMonthYear, separator: ".", padsDayAndMonth: false)
        let tuesday = Date(timeIntervalSince1970: 1_796_133_720)  // 2026-12-01 14:02 UTC
        XCTAssertEqual(BackupRun.lastBackupText(tuesday, timeZone: utc, dateFormat: german), "1.12.2026 at 14:02")
        XCTAssertEqual(BackupRun.lastBackupText(tuesday, timeZone: utc, dateFormat: .iso), "2026-12-01 at 14:02")
        XCTAssertEqual(BackupRun.lastBackupText(nil), "None yet")
    }

    func testADailyBackupIsMadeWhenDueAndTheOldestGo() throws {
        let (paths, key) = try makeDesk()
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
            XCTAssertEqual(Self.dailyBackups(in: backups, of: records), [start + 2 * 86_400, start + 3 * 86_400])
            XCTAssertEqual(BackupRun.lastBackup(of: records), start + 3 * 86_400)
            guard case .failure(.cannotWrite)? = BackupRun.backUpIfDue(records, key: key, paths: paths, into: unwritable,
                                                                       keeping: 2, now: start) else {
                return XCTFail("a missing folder is a failure")
            }
        }
    }

    /// Issue 39, as the red team played it: seven planted empty files named as daily backups
    /// of the year 9999, then the daily backups: every real one stays, so does every planted one.
    @MainActor
    func testPlantedBackupNamesDeleteNoRealBackup() async throws {
        let (paths, key) = try makeDesk()
        let backups = folder.appendingPathComponent("backups")
        let records = RecordsDatabase(paths: paths, key: key)
        defer { records.close() }
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var made: [URL] = []
        for day in 0..<2 {
            if day == 1 {
                for number in 0..<7 {
                    let name = "pinform-auto-9999010\(number)T000000Z.pinform-backup"
                    XCTAssertTrue(FileManager.default.createFile(atPath: backups.appendingPathComponent(name).path, contents: nil))
                }
            }
            let result = await BackupRun.backUpInBackgroundIfDue(records, key: key, paths: paths, into: backups, keeping: 7,
                                                                 now: start + Double(day) * 86_400)
            guard case .success(let file)? = result else { return XCTFail("day \(day): \(String(describing: result))") }
            made.append(file)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: backups.path)
        XCTAssertEqual(names.count, 9, names.sorted().joined(separator: ", "))
        for file in made { XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), file.lastPathComponent) }
    }

    @MainActor
    func testInTheBackgroundTheBackupIsWrittenCheckedAndTheOldestDailyOnesGo() async throws {
        let (paths, key) = try makeDesk()
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
        XCTAssertEqual(Self.dailyBackups(in: backups, of: records).count, 2)
        let manual = await BackupRun.backUpInBackground(records, key: key, paths: paths, into: backups, automatic: false)
        guard case .success(let file) = manual else { return XCTFail("\(manual)") }
        XCTAssertTrue(file.lastPathComponent.hasPrefix("pinform-2"), file.lastPathComponent)
        let missing = await BackupRun.backUpInBackground(records, key: key, paths: paths,
                                                         into: folder.appendingPathComponent("gone"), automatic: false)
        guard case .failure(.cannotWrite) = missing else { return XCTFail("\(missing)") }
    }
}
