#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Localization

extension Backup {
    /// The names of the folders a restore keeps the replaced data in: `before-restore-<UTC time>`.
    public static let asidePrefix = "before-restore-"

    /// Replaces the data folder's records and key file with a backup's.
    ///
    /// The backup is read as a stream into a folder beside the records and checked there
    /// (`BackupStream`, `check`: checksums, a key file this version reads, an encrypted
    /// database), after the folder's free space was found to hold it (`BackupError.noRoom`);
    /// `secret`, the backup's PIN or recovery key, must open its key file, and its records must
    /// open with the key and pass `quick_check` (a PIN slot weaker than Pinform's own is wrapped
    /// again on the way, `KeyVault.strengthenPINSlot`). Only then the current key file, PIN hash and records (with their `-wal`,
    /// `-shm` and `-journal`) move into a new folder `before-restore-<UTC time>` inside the data
    /// folder, and the backup's files are written in their place (mode 0600; the key file last).
    /// Any failure moves the current files back. Close the records first: a file another
    /// program has open is not replaced. The attempt counter is kept; on a fresh home, where
    /// there is none, a fresh one is written, so that the restored PIN is not locked as if the
    /// counter had been deleted.
    ///
    /// Afterwards the records open with the backup's PIN or recovery key — on another computer,
    /// with its recovery key (a PIN sealed by a TPM opens only beside that TPM).
    ///
    /// - Returns: the folder holding the replaced data, or nil when there was none (a fresh home).
    @discardableResult
    public static func restore(_ file: URL, into paths: AppPaths, opening secret: SecretBytes, now: Date = Date()) throws(BackupError) -> URL? {
        try stageRestore(of: file, into: paths, opening: secret).commit(now: now)
    }

    /// `restore(_:into:opening:now:)` with the derivation a weak PIN slot is raised to (tests pass a fast one).
    @_spi(Testing) @discardableResult
    public static func restore(_ file: URL, into paths: AppPaths, opening secret: SecretBytes, derivation: KeyDerivation,
                               now: Date = Date()) throws(BackupError) -> URL? {
        try stageRestore(of: file, into: paths, opening: secret, derivation: derivation).commit(now: now)
    }

    /// The first half of `restore`, while the records may still be open: the backup unpacked
    /// beside the records and checked with `secret`. Nothing of the current data is touched;
    /// `commit` (once the records are closed) or `discard` ends it.
    public static func stageRestore(of file: URL, into paths: AppPaths, opening secret: SecretBytes) throws(BackupError) -> StagedRestore {
        try stageRestore(of: file, into: paths, opening: secret, derivation: .standard)
    }

    @_spi(Testing)
    public static func stageRestore(of file: URL, into paths: AppPaths, opening secret: SecretBytes,
                                    derivation: KeyDerivation) throws(BackupError) -> StagedRestore {
        let data = paths.dataDirectory
        if let failure = FileOperations.makeDirectories(atPath: data.path) { throw .cannotRestore(reason: failure.reason) }
        if let failure = FileOperations.makeDirectories(atPath: paths.configDirectory.path) {
            throw .cannotRestore(reason: failure.reason)
        }
        // A folder a killed restore left (one app runs per data folder: `InstanceLock`).
        for name in (try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? [] where name.hasPrefix(".restoring-") {
            try? FileManager.default.removeItem(atPath: data.appendingPathComponent(name).path)
        }
        try checkRoom(for: file, in: data)
        // The backup's files are unpacked and checked beside the records first (the same file
        // system, so that each is then renamed into place); nothing is replaced before.
        var template = Array((data.path + "/.restoring-XXXXXX").utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw .cannotRestore(reason: String(cString: strerror(errno)))
        }
        let staged = StagedRestore(paths: paths, staging: URL(fileURLWithPath: String(cString: created), isDirectory: true))
        do throws(BackupError) {
            let contents = try BackupStream.read(file, unpackingRecordsInto: staged.staging)
            try check(contents, of: file, in: staged.staging, key: nil)
            let key = try unlockStaged(in: staged.staging, of: file, with: secret, derivation: derivation)
            try checkRecords(staged.staging.appendingPathComponent(databaseEntry), of: file, key: key)
        } catch {
            staged.discard()
            throw error
        }
        return staged
    }
}

/// A backup unpacked and checked beside the records (`Backup.stageRestore`), waiting to
/// replace them.
public struct StagedRestore: Sendable {
    let paths: AppPaths
    /// The folder holding the backup's files, in the data folder.
    let staging: URL

    /// Removes the unpacked files; the data folder is as it was.
    public func discard() {
        try? FileManager.default.removeItem(atPath: staging.path)
    }

    /// Moves the current key file, PIN hash and records aside and the backup's into their
    /// place (see `Backup.restore`); the unpacked folder is removed whatever happens. Close the
    /// records first.
    ///
    /// - Returns: the folder holding the replaced data, or nil when there was none (a fresh home).
    @discardableResult
    public func commit(now: Date = Date()) throws(BackupError) -> URL? {
        defer { discard() }
        let data = paths.dataDirectory
        let asidePrefix = Backup.asidePrefix
        let databaseEntry = Backup.databaseEntry
        let keyFileEntry = Backup.keyFileEntry
        guard !Database.isOpenElsewhere(fileAt: paths.recordsFile) else {
            throw .cannotRestore(reason: tr("the records are open in another program"))
        }
        let names = [KeyVault.fileName, PinVault.fileName, Database.fileName]
            + Database.companionSuffixes.map { Database.fileName + $0 }
        let present = names.filter { FileOperations.exists(atPath: data.appendingPathComponent($0).path) }
        var aside: URL?
        if !present.isEmpty {
            var folder = data.appendingPathComponent(asidePrefix + BackupFolder.stamp(now), isDirectory: true)
            var attempt = 1
            while mkdir(folder.path, 0o700) != 0 {
                guard errno == EEXIST else { throw .cannotRestore(reason: String(cString: strerror(errno))) }
                attempt += 1
                folder = data.appendingPathComponent(asidePrefix + BackupFolder.stamp(now) + "-\(attempt)", isDirectory: true)
            }
            aside = folder
        }
        var moved: [String] = []
        var written: [String] = []
        func putBack() {
            for name in written { unlink(data.appendingPathComponent(name).path) }
            guard let aside else { return }
            for name in moved { rename(aside.appendingPathComponent(name).path, data.appendingPathComponent(name).path) }
            rmdir(aside.path)
        }
        // The key file goes first: a kill in between leaves no key file beside old records,
        // which asks for the recovery key rather than mixing two installations.
        for name in [KeyVault.fileName, PinVault.fileName] + Database.companionSuffixes.map({ Database.fileName + $0 })
            + [Database.fileName] where present.contains(name) {
            guard let aside, rename(data.appendingPathComponent(name).path, aside.appendingPathComponent(name).path) == 0 else {
                let reason = String(cString: strerror(errno))
                putBack()
                throw .cannotRestore(reason: reason)
            }
            moved.append(name)
        }
        // The records first, the key file last.
        for name in [databaseEntry, keyFileEntry] {
            guard rename(staging.appendingPathComponent(name).path, data.appendingPathComponent(name).path) == 0 else {
                let reason = String(cString: strerror(errno))
                putBack()
                throw .cannotRestore(reason: reason)
            }
            written.append(name)
        }
        do throws(FileFailure) {
            try FileOperations.syncDirectory(atPath: data.path)
        } catch {
            putBack()
            throw .cannotRestore(reason: error.reason)
        }
        let attempts = AttemptStore(paths: paths)
        if !FileOperations.exists(atPath: attempts.fileURL.path),
           !(attempts.fallbackFileURL.map { FileOperations.exists(atPath: $0.path) } ?? false) {
            try? attempts.save(AttemptRecord(failures: 0, lockouts: 0, lockedUntil: nil))
        }
        if let aside { try? FileOperations.syncDirectory(atPath: aside.path) }
        return aside
    }
}

extension Backup {
    /// Throws `.noRoom` when the file system of `folder` has less free space than `file`'s size.
    static func checkRoom(for file: URL, in folder: URL) throws(BackupError) {
        var status = stat()
        guard stat(file.path, &status) == 0 else { throw .cannotRead(path: file.path, reason: String(cString: strerror(errno))) }
        var system = statvfs()
        guard statvfs(folder.path, &system) == 0 else { return }
        let free = UInt64(system.f_bavail) * UInt64(system.f_frsize)
        let needed = UInt64(max(status.st_size, 0))
        guard needed <= free else { throw .noRoom(path: file.path, needed: needed, free: free) }
    }

    /// The data key the unpacked key file in `staging` gives for `secret`: a recovery key (40
    /// digits, as typed) opens the recovery slot, anything else the PIN slot (argon2id's: a PIN
    /// sealed by a TPM opens only beside that TPM, so the recovery key is asked for).
    static func unlockStaged(in staging: URL, of file: URL, with secret: SecretBytes,
                             derivation: KeyDerivation) throws(BackupError) -> SecretBytes {
        let vault = KeyVault(directory: staging, derivation: derivation)
        let key: SecretBytes?
        do throws(VaultError) {
            if try RecoveryKey.normalized(secret) != nil {
                key = try vault.unlock(recoveryKey: secret)
            } else if try vault.pinSlot().kind == .tpm2PIN {
                key = nil
            } else {
                key = try vault.unlock(pin: secret)
            }
        } catch {
            throw .unusable(path: file.path, reason: error.message)
        }
        guard let key else {
            let sealed = (try? RecoveryKey.normalized(secret)) == nil && (try? vault.pinSlot().kind) == .tpm2PIN
            throw sealed ? .pinSealedElsewhere(path: file.path) : .wrongSecret(path: file.path)
        }
        return key
    }

    /// Throws `.recordsDoNotOpen` unless `records` opens with `key` and passes `quick_check`.
    static func checkRecords(_ records: URL, of file: URL, key: SecretBytes) throws(BackupError) {
        do {
            let database = try Database(at: records, readOnly: true, key: key)
            defer { database.close() }
            guard case .text("ok")? = try database.rows("PRAGMA quick_check").first?.first else {
                throw StoreError.corrupt(path: records.path)
            }
        } catch {
            throw .recordsDoNotOpen(path: file.path)
        }
    }
}
