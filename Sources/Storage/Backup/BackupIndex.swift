#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The backups this installation made, recorded in the records database (sealed with them):
/// which file, when, whether it was a daily one, and how to know it again — its size and its
/// last 32 bytes (the archive's checksum of everything before it).
///
/// Daily backups are pruned from this index, never from the folder's names: a file anyone can
/// put into the backup folder — `pinform-auto-99990100T000000Z.pinform-backup`, empty — is not
/// in it, so it neither counts among the backups kept nor is ever deleted; and a file listed
/// here is deleted only while it still has the size and checksum it was made with. The newest
/// daily backup's recorded time, not a name, says when the next one is due.
///
/// ```swift
/// let index = BackupIndex(database: database)
/// try index.record(file, made: now, automatic: true)
/// index.removeOldAutomaticBackups(in: folder, keeping: 7)
/// ```
public final class BackupIndex {
    /// One backup this installation made.
    public struct Entry: Equatable, Sendable {
        /// The file, as it was written.
        public let file: URL
        /// When it was made (the clock of the desk that made it).
        public let made: Date
        /// Whether it is a daily backup (which pruning may remove).
        public let isAutomatic: Bool
        /// Its size in bytes.
        public let size: Int64
        /// Its last 32 bytes: the archive's checksum.
        public let checksum: Data
    }

    /// The database the index is in.
    public let database: Database
    static let table = "_pinform_backup"
    private let appTable = AppTable(BackupIndex.table, columns: "sequence INTEGER PRIMARY KEY AUTOINCREMENT, "
        + "path TEXT NOT NULL, made REAL NOT NULL, automatic INTEGER NOT NULL, size INTEGER NOT NULL, checksum BLOB NOT NULL")

    /// The index of `database`; its table is made on the first record.
    public init(database: Database) {
        self.database = database
    }

    /// Records `file`, just made and checked, as a backup made at `made`.
    /// - Throws: `.notARegularFile` when the file is not there as a backup; a `StoreError`
    ///   when the index cannot be written (a read-only records file): the backup stays, and is
    ///   never pruned.
    public func record(_ file: URL, made: Date, automatic: Bool) throws(StoreError) {
        guard let identity = Self.identity(of: file) else { throw .notARegularFile(path: file.path, kind: "backup") }
        try database.storeTransaction { () throws(StoreError) in
            try appTable.make(in: database)
            try database.execute("INSERT INTO \(Self.table) (path, made, automatic, size, checksum) VALUES (?, ?, ?, ?, ?)", [
                .text(file.standardizedFileURL.path), .real(made.timeIntervalSince1970), .integer(automatic ? 1 : 0),
                .integer(identity.size), .blob(Array(identity.checksum)),
            ])
        }
    }

    /// The backups recorded in `folder` (every folder when nil), in the order they were made.
    public func entries(in folder: URL? = nil) -> [Entry] {
        guard (try? appTable.exists(in: database)) == true,
              let rows = try? database.rows("SELECT path, made, automatic, size, checksum FROM \(Self.table) ORDER BY sequence")
        else { return [] }
        let prefix = folder.map { $0.standardizedFileURL.path + "/" }
        return rows.compactMap { row -> Entry? in
            guard row.count == 5, case .text(let path) = row[0], case .real(let made) = row[1],
                  case .integer(let automatic) = row[2], case .integer(let size) = row[3], case .blob(let checksum) = row[4]
            else { return nil }
            if let prefix, !(path.hasPrefix(prefix) && !path.dropFirst(prefix.count).contains("/")) { return nil }
            return Entry(file: URL(fileURLWithPath: path), made: Date(timeIntervalSince1970: made),
                         isAutomatic: automatic != 0, size: size, checksum: Data(checksum))
        }
    }

    /// The last backup made (daily or by hand), anywhere.
    public var newest: Entry? {
        entries().last
    }

    /// Whether a daily backup is due in `folder` at `now`: none recorded there, or the newest a
    /// day old (or from the future: a clock set back must not stop the backups).
    public func isAutomaticBackupDue(in folder: URL, now: Date, interval: TimeInterval = 86_400) -> Bool {
        guard let newest = entries(in: folder).last(where: \.isAutomatic)?.made else { return true }
        return now.timeIntervalSince(newest) >= interval || newest.timeIntervalSince(now) > interval
    }

    /// Removes the daily backups of `folder` made before the last `keeping` (at least one),
    /// in the order they were made; a file that is gone or no longer the one made (another
    /// size or checksum) is not touched, and forgotten. Backups made by hand and files the
    /// index does not hold are never touched.
    ///
    /// - Returns: the files removed.
    @discardableResult
    public func removeOldAutomaticBackups(in folder: URL, keeping: Int) -> [URL] {
        var present: [Entry] = []
        var forgotten: [Entry] = []
        for entry in entries(in: folder) where entry.isAutomatic {
            let identity = Self.identity(of: entry.file)
            if identity?.size == entry.size, identity?.checksum == entry.checksum {
                present.append(entry)
            } else {
                forgotten.append(entry)
            }
        }
        let removed = Array(present.dropLast(max(1, keeping)))
        var deleted: [URL] = []
        for entry in removed {
            // Checked again just before: the file is still the backup made.
            guard let identity = Self.identity(of: entry.file), identity.size == entry.size, identity.checksum == entry.checksum,
                  unlink(entry.file.path) == 0 || errno == ENOENT else { continue }
            deleted.append(entry.file)
            forgotten.append(entry)
        }
        forget(forgotten)
        return deleted
    }

    private func forget(_ entries: [Entry]) {
        guard !entries.isEmpty else { return }
        try? database.storeTransaction { () throws(StoreError) in
            for entry in entries {
                try database.execute("DELETE FROM \(Self.table) WHERE path = ? AND size = ? AND checksum = ?",
                                     [.text(entry.file.path), .integer(entry.size), .blob(Array(entry.checksum))])
            }
        }
    }

    /// The size and last 32 bytes of the regular file at `file` (not following a symbolic
    /// link, not blocking on a FIFO), or nil.
    static func identity(of file: URL) -> (size: Int64, checksum: Data)? {
        guard case .success(let descriptor) = FileOperations.openRegularFile(atPath: file.path) else { return nil }
        defer { close(descriptor) }
        var status = stat()
        let length = BackupArchive.checksumLength
        guard fstat(descriptor, &status) == 0, Int64(status.st_size) >= Int64(length) else { return nil }
        var bytes = [UInt8](repeating: 0, count: length)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, length, off_t(status.st_size) - off_t(length)) }
        guard read == length else { return nil }
        return (Int64(status.st_size), Data(bytes))
    }
}
