#if canImport(Glibc)
import Glibc
#endif
import CSQLite
import Foundation
import Localization

/// Makes and checks backup files (`BackupArchive`): the records database and the key file,
/// both still encrypted, in one file.
///
/// The database is copied through SQLite's online backup API from the open connection, in one
/// step that holds a read lock, so the copy is one consistent state of the file with every
/// committed change (the write-ahead log's too), and a save waits the moment it takes. The
/// copy is made under the same data key: its pages stay encrypted. The archive goes to a
/// temporary file in the target folder (mode 0600), is flushed, renamed to its name, and read
/// back: the checksums, the key file (it must hold this data key's id) and the database (it
/// must open with the data key and pass `PRAGMA quick_check`). A failure at any step removes
/// what was written and throws; nothing else is touched.
///
/// ```swift
/// let file = try Backup.make(of: database, keyFile: vault.fileURL, key: key,
///                            in: folder, automatic: false)
/// ```
public enum Backup {
    /// The key file's name inside an archive (as in the data folder).
    public static let keyFileEntry = KeyVault.fileName
    /// The database's name inside an archive (as in the data folder).
    public static let databaseEntry = Database.fileName

    /// Writes a verified backup of `database` and `keyFile` into `folder`.
    ///
    /// - Parameters:
    ///   - key: the data key the database is open with (it never leaves locked memory).
    ///   - automatic: names it as an automatic backup (`BackupFolder`), which may be pruned.
    ///   - now: the time in its name.
    ///   - faultBeforeRename: for tests, an `errno` to fail with once the temporary file is written.
    /// - Returns: the backup file.
    public static func make(
        of database: Database, keyFile: URL, key: SecretBytes, in folder: URL, automatic: Bool,
        now: Date = Date(), faultBeforeRename: Int32? = nil
    ) throws(BackupError) -> URL {
        let archive = try prepare(of: database, keyFile: keyFile, key: key)
        return try store(archive, in: folder, automatic: automatic, key: key, now: now, faultBeforeRename: faultBeforeRename)
    }

    /// The first half of `make`, on the database's own thread: the key file read and the database
    /// copied (the part that needs the connection).
    public static func prepare(of database: Database, keyFile: URL, key: SecretBytes) throws(BackupError) -> BackupArchive {
        let keys: Data
        switch FileOperations.readRegularFile(atPath: keyFile.path, limit: 1 << 20) {
        case .success(let bytes): keys = Data(bytes)
        case .failure(let failure):
            throw .nothingToBackUp(reason: tr("the key file “{file}” cannot be read ({reason})",
                                              ["file": keyFile.path, "reason": failure.reason]))
        }
        let records = try copy(of: database, key: key)
        return BackupArchive(entries: [
            BackupArchive.Entry(name: keyFileEntry, data: keys),
            BackupArchive.Entry(name: databaseEntry, data: records),
        ])
    }

    /// The second half of `make`, on any thread: the archive written into `folder` and read back
    /// and checked with `key`; a file that fails the check is removed.
    public static func store(
        _ archive: BackupArchive, in folder: URL, automatic: Bool, key: SecretBytes,
        now: Date = Date(), faultBeforeRename: Int32? = nil
    ) throws(BackupError) -> URL {
        let target = try write(archive.encoded(), in: folder, name: BackupFolder.fileName(at: now, automatic: automatic),
                               faultBeforeRename: faultBeforeRename)
        do {
            try verify(target, key: key)
        } catch {
            unlink(target.path)
            let reason: String
            switch error {
            case .verificationFailed(_, let why), .unusable(_, let why): reason = why
            default: reason = error.message
            }
            throw .verificationFailed(path: target.path, reason: reason)
        }
        return target
    }

    /// Reads a backup file back and checks it through, as a stream (`BackupStream`): lengths
    /// and checksums; a key file that parses, of this version, and with `key`'s id when given;
    /// and a database that opens with `key` (when given) and passes `quick_check` — else one
    /// whose size is whole pages and that is not a plain SQLite file.
    public static func verify(_ file: URL, key: SecretBytes? = nil) throws(BackupError) {
        let folder = try privateFolder()
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let contents = try BackupStream.read(file, unpackingRecordsInto: key == nil ? nil : folder)
        try check(contents, of: file, in: folder, key: key)
    }

    /// Checks what `BackupStream` read from `file`; writes its key file into `folder` (mode 0600,
    /// flushed) to read it as the vault does.
    static func check(_ contents: BackupStream.Contents, of file: URL, in folder: URL, key: SecretBytes?) throws(BackupError) {
        let keyFile: KeyFile
        let keyPath = folder.appendingPathComponent(keyFileEntry).path
        do {
            let failure: FileFailure? = contents.keyFile.withUnsafeBytes { buffer in
                do throws(FileFailure) {
                    try FileOperations.replaceAtomically(atPath: keyPath, with: buffer)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
            keyFile = try KeyVault(directory: folder).read()
        } catch let error as VaultError where error == .newerVersion(path: keyPath) {
            throw .newerVersion(path: file.path)
        } catch {
            throw .unusable(path: file.path, reason: tr("the key file in it cannot be read"))
        }
        guard contents.recordsSize > 0, contents.recordsSize % 1024 == 0,
              contents.recordsHead != Data("SQLite format 3\0".utf8) else {
            throw .unusable(path: file.path, reason: tr("the records in it are not an encrypted database"))
        }
        guard let key else { return }
        guard keyFile.keyID == KeyVault.keyID(of: key) else {
            throw .unusable(path: file.path, reason: tr("the key file in it is not this data key’s"))
        }
        do {
            guard let records = contents.recordsFile else { throw StoreError.corrupt(path: file.path) }
            let database = try Database(at: records, readOnly: true, key: key)
            defer { database.close() }
            guard case .text("ok")? = try database.rows("PRAGMA quick_check").first?.first else {
                throw StoreError.corrupt(path: records.path)
            }
        } catch {
            throw .unusable(path: file.path, reason: tr("the records in it do not open with the data key"))
        }
    }

    // MARK: Steps

    /// The database's pages, copied through the online backup API under the same key.
    static func copy(of database: Database, key: SecretBytes) throws(BackupError) -> Data {
        guard let source = database.handle else {
            throw .nothingToBackUp(reason: tr("the records are not open"))
        }
        let folder = try privateFolder()
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let path = folder.appendingPathComponent(databaseEntry).path
        do {
            let destination = try Database(path: path, readOnly: false, key: key, busyTimeout: .zero, migrations: [])
            guard let backup = sqlite.backupInit(destination.handle, "main", source, "main") else {
                throw destination.error(code: sqlite.errcode(destination.handle))
            }
            // One step for the whole file: its read lock makes the copy one consistent state.
            let stepped = sqlite.backupStep(backup, -1)
            let finished = sqlite.backupFinish(backup)
            guard stepped == SQLITE_DONE, finished == SQLITE_OK else { throw destination.error(code: finished) }
            try destination.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            try destination.execute("PRAGMA journal_mode=DELETE")
            destination.close()
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as StoreError {
            throw .nothingToBackUp(reason: error.message)
        } catch {
            throw .nothingToBackUp(reason: (error as NSError).localizedDescription)
        }
    }

    /// Writes `bytes` to a temporary file in `folder` (mode 0600), flushes it, renames it to
    /// `name` (never over another file) and flushes the folder.
    static func write(_ bytes: Data, in folder: URL, name: String, faultBeforeRename: Int32?) throws(BackupError) -> URL {
        let directory = folder.path
        var template = Array((directory + "/.pinform-backup.XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .cannotWrite(folder: directory, reason: String(cString: strerror(errno))) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var target = folder.appendingPathComponent(name, isDirectory: false)
        do throws(FileFailure) {
            var isOpen = true
            defer { if isOpen { close(descriptor) } }
            guard fchmod(descriptor, 0o600) == 0 else { throw FileFailure(path: temporary, code: errno) }
            if let failed = BackupStream.write(bytes, to: descriptor) { throw FileFailure(path: temporary, code: failed) }
            guard fsync(descriptor) == 0 else { throw FileFailure(path: temporary, code: errno) }
            isOpen = false
            guard close(descriptor) == 0 else { throw FileFailure(path: temporary, code: errno) }
            if let faultBeforeRename { throw FileFailure(path: temporary, code: faultBeforeRename) }
            var attempt = 1
            // link() never replaces: a second backup in the same second gets "-2".
            while link(temporary, target.path) != 0 {
                guard errno == EEXIST else { throw FileFailure(path: target.path, code: errno) }
                attempt += 1
                let stem = (name as NSString).deletingPathExtension
                target = folder.appendingPathComponent("\(stem)-\(attempt).\(BackupFolder.fileExtension)", isDirectory: false)
            }
            unlink(temporary)
            try FileOperations.syncDirectory(atPath: directory)
        } catch {
            unlink(temporary)
            throw .cannotWrite(folder: directory, reason: error.reason)
        }
        return target
    }

    /// A new folder only this user can enter, under `$XDG_RUNTIME_DIR` when set (memory, not
    /// disk), else the temporary folder.
    static func privateFolder() throws(BackupError) -> URL {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSTemporaryDirectory()
        var template = Array((base + "/pinform-backup-XXXXXX").utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .cannotWrite(folder: base, reason: String(cString: strerror(errno)))
        }
        return URL(fileURLWithPath: String(cString: created), isDirectory: true)
    }
}
