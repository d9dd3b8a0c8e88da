#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite
import Foundation
import Localization

extension Database {
    /// A step of `encryptPlaintextFile(at:key:progress:)`, reported to crash tests.
    public enum EncryptionStep: String, Sendable, CaseIterable {
        /// The plaintext file is checkpointed and out of WAL mode.
        case checkpointed
        /// The encrypted copy is written beside it.
        case exported
        /// The copy was opened with the key and checked.
        case verified
        /// The copy replaced the plaintext file.
        case renamed
        /// The folder is flushed.
        case folderSynced
    }

    /// Whether the file is a plaintext SQLite database (an older version's records), judged
    /// by its first 16 bytes, "SQLite format 3" and a NUL. An encrypted file starts with
    /// random bytes.
    public static func isPlaintextFile(at url: URL) -> Bool {
        guard case .success(let head) = FileOperations.readRegularFile(atPath: url.path, limit: 15) else { return false }
        return head == Array("SQLite format 3\0".utf8)
    }

    /// Whether an older version's plaintext file can be encrypted in place: its folder and
    /// the file can be written. When not (a read-only disk or folder), the file is to be
    /// opened read-only, without a key, as it is (`ReadOnlyReason.notEncryptedYet`).
    public static func canEncryptPlaintextFile(at url: URL) -> Bool {
        FileOperations.canWrite(atPath: url.deletingLastPathComponent().path) && FileOperations.canWrite(atPath: url.path)
    }

    /// Encrypts an older version's plaintext records file with `key`, in place.
    ///
    /// The plaintext file is checkpointed and left without a `-wal`; `sqlcipher_export`
    /// copies it into `<name>.encrypting`; the copy is opened with the key and checked
    /// (integrity, every table's row count, the schema version); only then is it renamed over
    /// the plaintext file and the folder flushed. Killed at any moment, the plaintext file is
    /// still there and whole until the rename, so the next unlock simply starts again.
    ///
    /// - Parameter progress: for crash tests, called after each step.
    /// - Throws: a `StoreError`; the plaintext file is then kept as it was.
    public static func encryptPlaintextFile(
        at url: URL, key: SecretBytes, progress: ((EncryptionStep) -> Void)? = nil
    ) throws(StoreError) {
        let copyPath = url.path + ".encrypting"
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(copyPath + suffix) }
        let plain = try Database(at: url)
        defer { plain.close() }
        try plain.replaceFile(withEncryptedCopyAt: copyPath, key: key, progress: progress) {
            Database.isPlaintextFile(at: url) && !Database.isPlaintextFile(at: URL(fileURLWithPath: copyPath))
        }
    }

    /// Moves a records file written with SQLCipher 3's settings (Pinform on Debian 12) to
    /// SQLCipher 4's, in place, the same way as `encryptPlaintextFile(at:key:progress:)`: a
    /// copy in the new format is written beside it (`<name>.sqlcipher4`), opened with the key
    /// and checked, and only then renamed over the old file. Killed at any moment, one whole
    /// file is there, in one format or the other, and opens with the same key; the caller
    /// updates the key file's `"database"` afterwards. A file already in SQLCipher 4's format
    /// is left as it is.
    ///
    /// - Throws: a `StoreError`; the old file is then kept as it was, and still opens.
    public static func upgradeCipherFormat(
        at url: URL, key: SecretBytes, progress: ((EncryptionStep) -> Void)? = nil
    ) throws(StoreError) {
        let copyPath = url.path + ".sqlcipher4"
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(copyPath + suffix) }
        let old = try Database(at: url, key: key)
        defer { old.close() }
        guard old.cipherFormat == .sqlcipher3 else { return }
        try old.replaceFile(withEncryptedCopyAt: copyPath, key: key, progress: progress) {
            !Database.isPlaintextFile(at: URL(fileURLWithPath: copyPath))
        }
    }

    /// Writes this database, encrypted with `key` in SQLCipher 4's format, to `copyPath`,
    /// checks the copy (integrity, every table's row count, the schema version) and renames it
    /// over this database's file, then flushes the folder. `stillAsExpected` is asked just
    /// before the rename, once this connection is closed.
    func replaceFile(
        withEncryptedCopyAt copyPath: String, key: SecretBytes, progress: ((EncryptionStep) -> Void)?,
        stillAsExpected: () -> Bool
    ) throws(StoreError) {
        // Everything in the log goes into the file, and the log goes away, so that no older
        // log can ever be read back into the new file after the rename.
        try executeScript("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE")
        progress?(.checkpointed)
        let tables = try rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .compactMap { row -> String? in if case .text(let name)? = row.first { return name } else { return nil } }
        var counts: [Int64] = []
        for table in tables {
            guard case .integer(let count)? = try rows("SELECT count(*) FROM \(Database.quotedName(table))").first?.first
            else { throw StoreError.other(code: SQLITE_ERROR, reason: tr("table “{table}” could not be counted", ["table": table])) }
            counts.append(count)
        }
        let version = try userVersion

        try execute("ATTACH DATABASE ? AS encrypted", [.text(copyPath)])
        guard let connection = handle else { throw StoreError.closed(path: path) }
        let keyed = try Database.withRawKey(key) { rawKey in
            sqlite.keyV2(connection, "encrypted", rawKey.baseAddress, Int32(rawKey.count))
        }
        guard keyed == SQLITE_OK else { throw error(code: keyed) }
        try executeScript("PRAGMA encrypted.cipher_compatibility = \(CipherFormat.sqlcipher4.compatibility)")
        try executeScript("SELECT sqlcipher_export('encrypted'); PRAGMA encrypted.user_version = \(version)")
        try executeScript("DETACH DATABASE encrypted")
        progress?(.exported)

        do throws(StoreError) {
            let encrypted = try Database(at: URL(fileURLWithPath: copyPath), key: key)
            defer { encrypted.close() }
            guard encrypted.cipherFormat == .sqlcipher4, try encrypted.integrityCheck() == ["ok"], try encrypted.userVersion == version else {
                throw StoreError.other(code: SQLITE_CORRUPT, reason: tr("the encrypted copy did not check out"))
            }
            for (table, count) in zip(tables, counts) {
                guard case .integer(count)? = try encrypted.rows("SELECT count(*) FROM \(Database.quotedName(table))").first?.first
                else { throw StoreError.other(code: SQLITE_CORRUPT, reason: tr("the encrypted copy of “{table}” differs", ["table": table])) }
            }
        } catch {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(copyPath + suffix) }
            throw error
        }
        progress?(.verified)
        close()
        guard stillAsExpected() else {
            throw StoreError.other(code: SQLITE_ERROR, reason: tr("the files changed while they were encrypted"))
        }
        guard rename(copyPath, path) == 0 else {
            throw StoreError.other(code: SQLITE_IOERR, reason: tr("“{copy}” could not replace “{path}”: {reason}",
                                                                   ["copy": copyPath, "path": path, "reason": String(cString: strerror(errno))]))
        }
        progress?(.renamed)
        for suffix in ["-journal", "-wal", "-shm"] { unlink(path + suffix) }
        do {
            try FileOperations.syncDirectory(atPath: FileOperations.parentDirectory(of: path))
        } catch {
            throw StoreError.other(code: SQLITE_IOERR, reason: error.reason)
        }
        progress?(.folderSynced)
    }

    /// Any table name in double quotes, its own quotes doubled.
    private static func quotedName(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
