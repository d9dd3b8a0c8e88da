import Forms
import Foundation
import Localization
import Storage

/// Backups of the unlocked records: Back Up Now, and the daily backup with the oldest daily
/// ones removed beyond the number kept (`Backup`). Each backup made is recorded in the records'
/// own `BackupIndex`; when one is due, and which are removed, is read from there — never from
/// the names in the folder, which anyone who can write it can plant.
///
/// ```swift
/// let file = try BackupRun.backUp(records, key: key, paths: paths, into: folder, automatic: false)
/// ```
@MainActor
public enum BackupRun {
    /// Makes a verified backup of the records and the key file in `folder`.
    ///
    /// - Parameters:
    ///   - key: the data key the records are open with.
    ///   - automatic: a daily backup, named so, after which the oldest beyond `keeping` go.
    /// - Returns: the backup file.
    public static func backUp(
        _ records: RecordsDatabase, key: SecretBytes, paths: AppPaths, into folder: URL, automatic: Bool,
        keeping: Int = 7, now: Date = Date()
    ) throws(BackupError) -> URL {
        records.openIfNeeded()
        guard let database = records.database else {
            throw .nothingToBackUp(reason: records.openError?.message ?? tr("the records are not open"))
        }
        let keyFile = paths.dataDirectory.appendingPathComponent(KeyVault.fileName, isDirectory: false)
        let file = try Backup.make(of: database, keyFile: keyFile, key: key, in: folder, automatic: automatic, now: now)
        recordAndPrune(file, in: database, folder: folder, made: now, automatic: automatic, keeping: keeping)
        return file
    }

    /// `backUp` with the writing and checking off the main thread: only the copy of the database
    /// (which needs its connection) holds the window.
    public static func backUpInBackground(
        _ records: RecordsDatabase, key: SecretBytes, paths: AppPaths, into folder: URL, automatic: Bool,
        keeping: Int = 7, now: Date = Date()
    ) async -> Result<URL, BackupError> {
        records.openIfNeeded()
        guard let database = records.database else {
            return .failure(.nothingToBackUp(reason: records.openError?.message ?? tr("the records are not open")))
        }
        let keyFile = paths.dataDirectory.appendingPathComponent(KeyVault.fileName, isDirectory: false)
        let archive: BackupArchive
        do {
            archive = try Backup.prepare(of: database, keyFile: keyFile, key: key)
        } catch {
            return .failure(error)
        }
        let result = await Task.detached {
            Result { () throws(BackupError) in try Backup.store(archive, in: folder, automatic: automatic, key: key, now: now) }
        }.value
        if case .success(let file) = result {
            recordAndPrune(file, in: database, folder: folder, made: now, automatic: automatic, keeping: keeping)
        }
        return result
    }

    /// Records a backup just made in the index and, for a daily one, removes the daily ones
    /// before the last `keeping`. A records file that cannot be written keeps no index: the
    /// backup stays, and nothing is removed.
    private static func recordAndPrune(_ file: URL, in database: Database, folder: URL, made: Date, automatic: Bool, keeping: Int) {
        let index = BackupIndex(database: database)
        do {
            try index.record(file, made: made, automatic: automatic)
        } catch {
            return
        }
        if automatic { index.removeOldAutomaticBackups(in: folder, keeping: keeping) }
    }

    /// When the last backup of these records was made (by hand or daily, into any folder), or
    /// nil when none is recorded.
    public static func lastBackup(of records: RecordsDatabase) -> Date? {
        records.openIfNeeded()
        guard let database = records.database else { return nil }
        return BackupIndex(database: database).newest?.made
    }

    /// What Preferences → Backups says of the last backup: its day in the user's locale and
    /// its time ("1.12.2026 at 14:02" in German), or that there is none yet.
    public nonisolated static func lastBackupText(_ made: Date?, timeZone: TimeZone = .current,
                                                  dateFormat: DateFormat = NumberParsing.current.dateFormat) -> String {
        guard let made else {
            // Translators: under “Last backup” when no backup of these records was made.
            return tr("None yet")
        }
        let (day, time) = LocaleText.dayAndTime(of: made, timeZone: timeZone, dateFormat: dateFormat)
        // Translators: under “Last backup”: when it was made ("1.12.2026", "14:02").
        return tr("{date} at {time}", ["date": day, "time": time])
    }

    /// Whether a daily backup of `records` is due in `folder` (`BackupIndex`).
    static func isDue(_ records: RecordsDatabase, in folder: URL, now: Date) -> Bool {
        records.openIfNeeded()
        guard let database = records.database else { return true }
        return BackupIndex(database: database).isAutomaticBackupDue(in: folder, now: now)
    }

    /// The daily backup in the background (`backUpInBackground`), when one is due in `folder`.
    ///
    /// - Returns: nil when none was due; else the backup made, or why it was not.
    public static func backUpInBackgroundIfDue(
        _ records: RecordsDatabase, key: SecretBytes, paths: AppPaths, into folder: URL, keeping: Int, now: Date = Date()
    ) async -> Result<URL, BackupError>? {
        guard isDue(records, in: folder, now: now) else { return nil }
        return await backUpInBackground(records, key: key, paths: paths, into: folder, automatic: true, keeping: keeping, now: now)
    }

    /// The daily backup, when one is due in `folder` (none there yet, or the newest a day old).
    ///
    /// - Returns: nil when none was due; else the backup made, or why it was not.
    public static func backUpIfDue(
        _ records: RecordsDatabase, key: SecretBytes, paths: AppPaths, into folder: URL, keeping: Int, now: Date = Date()
    ) -> Result<URL, BackupError>? {
        guard isDue(records, in: folder, now: now) else { return nil }
        do {
            return .success(try backUp(records, key: key, paths: paths, into: folder, automatic: true, keeping: keeping, now: now))
        } catch {
            return .failure(error)
        }
    }
}
