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
    /// The backup is checked first (`verify(_:)`: checksums, a key file this version reads, an
    /// encrypted database); then the current key file, PIN hash and records (with their `-wal`,
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
    public static func restore(_ file: URL, into paths: AppPaths, now: Date = Date()) throws(BackupError) -> URL? {
        let archive = try verify(file)
        guard let keys = archive.entry(named: keyFileEntry), let records = archive.entry(named: databaseEntry) else {
            throw .damaged(path: file.path)
        }
        let data = paths.dataDirectory
        if let failure = FileOperations.makeDirectories(atPath: data.path) { throw .cannotRestore(reason: failure.reason) }
        if let failure = FileOperations.makeDirectories(atPath: paths.configDirectory.path) {
            throw .cannotRestore(reason: failure.reason)
        }
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
        do throws(FileFailure) {
            for entry in [records, keys] {
                let failure: FileFailure? = entry.data.withUnsafeBytes { buffer in
                    do throws(FileFailure) {
                        try FileOperations.replaceAtomically(atPath: data.appendingPathComponent(entry.name).path, with: buffer)
                        return nil
                    } catch {
                        return error
                    }
                }
                if let failure { throw failure }
                written.append(entry.name)
            }
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
