#if canImport(Glibc)
import Glibc
#endif
import CSQLite
import Foundation
import Localization

/// The records encrypted again under a new data key (`KeyVault.prepareRotation`), all or
/// nothing: SQLCipher's export writes a copy under the new key beside the file
/// (`<name>.rekeyed`), the copy is opened with the new key and checked (integrity, every table's
/// row count, the schema version), then `commit` writes the new key file — from that moment the
/// new key is the key — and the copy is renamed over the file. Killed before `commit`, the old
/// file and key file are whole and the copy is removed at the next unlock; killed between
/// `commit` and the rename, the next unlock (with the new key) finds the copy opens with it and
/// renames it in (`finishRekey(at:key:)`).
extension Database {
    /// The copy's suffix.
    static let rekeyedSuffix = ".rekeyed"

    /// Re-encrypts the records file at `url` from `oldKey` to `newKey`, calling `commit` between
    /// the checked copy and the rename. Close every other connection to the file first.
    ///
    /// - Throws: a `StoreError` (the file and the key file as they were), or what `commit` threw
    ///   (as `StoreError.other`; the copy removed, the file as it was).
    public static func rekey(fileAt url: URL, from oldKey: SecretBytes, to newKey: SecretBytes,
                             committing commit: () throws(VaultError) -> Void) throws(StoreError) {
        let copyPath = url.path + rekeyedSuffix
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(copyPath + suffix) }
        let old = try Database(at: url, key: oldKey)
        defer { old.close() }
        var commitError: VaultError?
        do {
            try old.replaceFile(withEncryptedCopyAt: copyPath, key: newKey, progress: nil) {
                do throws(VaultError) {
                    try commit()
                    return true
                } catch {
                    commitError = error
                    return false
                }
            }
        } catch {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(copyPath + suffix) }
            if let commitError { throw .other(code: SQLITE_ERROR, reason: commitError.message) }
            throw error
        }
    }

    /// Ends a rekey killed between the new key file and the rename: a copy beside the file at
    /// `url` that opens with `key` (the key the key file gave) and checks out is renamed in; one
    /// that does not (a rekey killed before its key file was written) is removed.
    public static func finishRekey(at url: URL, key: SecretBytes) {
        let copyPath = url.path + rekeyedSuffix
        guard FileOperations.exists(atPath: copyPath) else { return }
        let opens: Bool
        if let copy = try? Database(at: URL(fileURLWithPath: copyPath), key: key) {
            opens = (try? copy.integrityCheck()) == ["ok"]
            copy.close()
        } else {
            opens = false
        }
        if opens, rename(copyPath, url.path) == 0 {
            for suffix in ["-journal", "-wal", "-shm"] { unlink(url.path + suffix) }
            try? FileOperations.syncDirectory(atPath: FileOperations.parentDirectory(of: url.path))
        } else {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(copyPath + suffix) }
        }
    }
}
