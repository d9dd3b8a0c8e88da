#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Localization

/// What the records file is on disk: its type, whether another process has it open, and
/// moving it aside — so that no error path opens a named pipe, or moves a file in use.
extension Database {
    /// The files SQLite keeps beside the database, by suffix: the write-ahead log, its index
    /// and the rollback journal.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// Throws `.notARegularFile` when something other than a plain file — a named pipe, a
    /// device, a socket, a folder or a symbolic link — is where the file or one of its
    /// companions belongs. It is looked at with `lstat`, never opened, so a named pipe cannot
    /// block the caller.
    public static func refuseWhatIsNotAPlainFile(at path: String) throws(StoreError) {
        guard path != ":memory:" else { return }
        for suffix in [""] + companionSuffixes {
            var status = stat()
            guard lstat(path + suffix, &status) == 0 else { continue }
            let kind: String
            switch status.st_mode & S_IFMT {
            case S_IFREG: continue
            case S_IFLNK: kind = tr("a symbolic link")
            case S_IFIFO: kind = tr("a named pipe")
            case S_IFCHR, S_IFBLK: kind = tr("a device")
            case S_IFDIR: kind = tr("a folder")
            case S_IFSOCK: kind = tr("a socket")
            default: kind = tr("not a plain file")
            }
            throw StoreError.notARegularFile(path: path + suffix, kind: kind)
        }
    }

    /// Makes the file and its companions readable by their owner only (mode 0600, whatever the
    /// umask): with `creating`, a missing file is made so before SQLite opens it (SQLite gives
    /// the log, its index and the journal the file's own mode), and files an earlier build left
    /// 0644 are narrowed. A file of another owner, or not a regular one, is left alone; failures
    /// change nothing (a read-only folder).
    ///
    /// Existing files are changed by path (`chmod`), never opened: closing a descriptor of a
    /// file drops every POSIX lock this process holds on it, SQLite's included.
    static func restrictToOwner(at path: String, creating: Bool) {
        guard path != ":memory:" else { return }
        if creating {
            // O_EXCL: only a file that did not exist, which no connection can hold.
            let created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if created >= 0 { Glibc.close(created) }
        }
        for suffix in [""] + companionSuffixes {
            var status = stat()
            guard lstat(path + suffix, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
                  status.st_mode & 0o077 != 0 else { continue }
            chmod(path + suffix, status.st_mode & 0o700)
        }
    }

    /// Whether a write-ahead log with content is beside the file: committed changes that may
    /// not be in the main file yet.
    static func hasUncheckpointedLog(at path: String) -> Bool {
        var status = stat()
        return lstat(path + "-wal", &status) == 0 && status.st_size > 0
    }

    /// Copies the file and its write-ahead log into a new folder only this user can enter
    /// (under `$XDG_RUNTIME_DIR` when set, else the temporary folder) and returns the copy's
    /// path. The copy holds what the file holds — encrypted when the file is.
    static func snapshot(of path: String) throws(StoreError) -> String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSTemporaryDirectory()
        var template = Array((base + "/pinform-read-only-XXXXXX").utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw StoreError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        let folder = String(cString: created)
        let copy = folder + "/" + ((path as NSString).lastPathComponent)
        do {
            for suffix in ["", "-wal"] {
                try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
                chmod(copy + suffix, 0o600)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw StoreError.cannotOpen(path: path, reason: (error as NSError).localizedDescription)
        }
        return copy
    }

    /// The path as an SQLite `file:` URI, with the characters a URI gives meaning escaped.
    static func uri(_ path: String) -> String {
        var escaped = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0x80...:
                escaped += String(format: "%%%02X", byte)
            default:
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return escaped
    }

    // MARK: Opening for writing, else for reading

    /// Why a records file was opened read-only.
    public enum ReadOnlyReason: Equatable, Sendable {
        /// The file or its folder cannot be written (a read-only file system, no permission).
        case cannotWrite
        /// The file was written by a newer version; writing might lose what it added.
        case newerVersion
        /// An older version's plaintext file in a folder that cannot be written: it cannot be
        /// encrypted there, so it is shown as it is until it can be.
        case notEncryptedYet
        /// A shared database whose server lets this desk's role read the records, not change them.
        case sharedRoleReadsOnly(role: String)

        /// A sentence for the person, naming the file.
        public func message(path: String) -> String {
            switch self {
            case .cannotWrite:
                tr("The records file “{path}” can only be read: its folder or the file is read-only. The records show, but changes cannot be saved.",
                   ["path": path])
            case .newerVersion:
                StoreError.newerSchema(path: path, found: 0, supported: 0).message
            case .notEncryptedYet:
                tr("The records file “{path}” can only be read: an older version of Pinform saved it unencrypted, and its folder is read-only, so it cannot be encrypted yet. The records show; they are encrypted once the folder can be written.",
                   ["path": path])
            case .sharedRoleReadsOnly(let role):
                // Translators: {role} is the PostgreSQL role this desk connects as; pinform_clerks is a group's name on the server.
                tr("This desk connects to the shared database as “{role}”, which may read the records but not change them. Whoever runs the database server can add it to the group pinform_clerks.",
                   ["role": role])
            }
        }
    }

    /// Opens the records file for reading and writing when it can be, else read-only — when
    /// the file or its folder cannot be written, or the file was written by a newer version —
    /// so that the saved records still show. Nothing is created, moved or changed then.
    ///
    /// - Returns: the database, and why it is read-only (`nil` when it can be written).
    /// - Throws: what opening throws when reading is no help: `.busy`, `.corrupt`,
    ///   `.notARegularFile`, `.cannotOpen`, …
    public static func openPreferringWrite(
        at url: URL,
        key: SecretBytes? = nil,
        busyTimeout: Duration = .seconds(2),
        migrations: [Migration] = []
    ) throws(StoreError) -> (Database, ReadOnlyReason?) {
        let reason: ReadOnlyReason
        do {
            return (try Database(at: url, key: key, busyTimeout: busyTimeout, migrations: migrations), nil)
        } catch .newerSchema {
            reason = .newerVersion
        } catch .readOnly {
            reason = .cannotWrite
        } catch .cannotOpen(let path, let why) {
            let folder = url.deletingLastPathComponent().path
            guard FileOperations.exists(atPath: url.path), access(folder, W_OK) != 0 || access(url.path, W_OK) != 0 else {
                throw StoreError.cannotOpen(path: path, reason: why)
            }
            reason = .cannotWrite
        }
        let database = try Database(at: url, readOnly: true, key: key, busyTimeout: busyTimeout, migrations: migrations)
        return (database, database.isFromNewerVersion ? .newerVersion : reason)
    }

    // MARK: Whether another process has the file open

    /// The bytes SQLite's unix VFS locks in the database file (PENDING, RESERVED, SHARED): a
    /// connection holds a shared lock there for as long as it has a WAL database open.
    private static let databaseLockRange = (start: off_t(0x4000_0000), length: off_t(512))
    /// The locks in the `-shm` file: the eight WAL locks and the "dead man switch" that every
    /// connection holds shared while it is connected.
    private static let sharedMemoryLockRange = (start: off_t(120), length: off_t(9))

    /// Whether another process has the database open or locked: a write lock over SQLite's
    /// lock bytes in the file and its `-shm` file is tried (open file description locks, which
    /// also see connections of this process), and other processes' open files are looked at.
    public static func isOpenElsewhere(fileAt url: URL) -> Bool {
        guard let lock = ExclusiveLock(path: url.path) else { return true }
        defer { lock.release() }
        return isOpenInAnotherProcess(path: url.path)
    }

    /// Whether another process (of those this user may look at) has the file or one of its
    /// companions open, SQLite or not — a damaged file that SQLite could not lock, say: its
    /// `/proc/<pid>/fd` entries are compared with the files' device and inode numbers.
    static func isOpenInAnotherProcess(path: String) -> Bool {
        #if os(Linux)
        var files: Set<[UInt64]> = []
        for suffix in [""] + companionSuffixes {
            var status = stat()
            if lstat(path + suffix, &status) == 0 {
                files.insert([UInt64(status.st_dev), UInt64(status.st_ino)])
            }
        }
        guard !files.isEmpty, let processes = opendir("/proc") else { return false }
        defer { closedir(processes) }
        let own = getpid()
        while let entry = readdir(processes) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = Int32(name), pid != own else { continue }
            let folder = "/proc/\(pid)/fd"
            guard let descriptors = opendir(folder) else { continue }
            defer { closedir(descriptors) }
            while let descriptor = readdir(descriptors) {
                let number = withUnsafeBytes(of: descriptor.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard Int(number) != nil else { continue }
                var status = stat()
                if stat(folder + "/" + number, &status) == 0,
                   files.contains([UInt64(status.st_dev), UInt64(status.st_ino)]) {
                    return true
                }
            }
        }
        #endif
        return false
    }

    // MARK: Moving a damaged file aside

    /// Renames a records file that cannot be used, with its `-wal`, `-shm` and `-journal`
    /// files, to `<name>.damaged-<UTC time>` so that a fresh one can be started; nothing is
    /// deleted.
    ///
    /// Close every connection to the file first. The file is moved only while no other process
    /// has it open: SQLite's locks are held across the renames, so no program can open it in
    /// between. The write-ahead log moves before the main file, so that a fresh file can never
    /// pick up the old file's log.
    ///
    /// - Returns: the new name of the main file, or `nil` when there was no file to move.
    /// - Throws: `.inUse` when another process has the file open (nothing is moved),
    ///   `.notARegularFile` for a named pipe, device or link (nothing is moved),
    ///   `.moveAsideFailed`; files already moved keep their new names.
    @discardableResult
    public static func moveAside(fileAt url: URL, now: Date = Date()) throws(StoreError) -> URL? {
        let path = url.path
        let suffixes = companionSuffixes + [""]
        let existing = suffixes.filter { FileOperations.exists(atPath: path + $0) }
        guard !existing.isEmpty else { return nil }
        try refuseWhatIsNotAPlainFile(at: path)
        guard let lock = ExclusiveLock(path: path) else { throw StoreError.inUse(path: path) }
        defer { lock.release() }
        guard !isOpenInAnotherProcess(path: path) else { throw StoreError.inUse(path: path) }
        var seconds = time_t(now.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let stamp = String(
            format: "%04d%02d%02dT%02d%02d%02dZ",
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec)
        )
        var target = path + ".damaged-" + stamp
        var attempt = 1
        while suffixes.contains(where: { FileOperations.exists(atPath: target + $0) }) {
            attempt += 1
            target = path + ".damaged-" + stamp + "-\(attempt)"
        }
        for suffix in existing where rename(path + suffix, target + suffix) != 0 {
            throw StoreError.moveAsideFailed(path: path + suffix, reason: String(cString: strerror(errno)))
        }
        return URL(fileURLWithPath: target, isDirectory: false)
    }

    /// Write locks over SQLite's lock bytes in a database file and its `-shm` file, held until
    /// released: while held, no SQLite connection of any process can read or write the file.
    private final class ExclusiveLock {
        private var descriptors: [Int32] = []

        /// Takes the locks, or returns `nil` when another connection holds any of them.
        init?(path: String) {
            let ranges = [(path, Database.databaseLockRange), (path + "-shm", Database.sharedMemoryLockRange)]
            for (file, range) in ranges {
                var descriptor = open(file, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
                var canWrite = true
                if descriptor < 0, errno == EACCES || errno == EROFS {
                    // A file this process may only read can still be asked who locks it.
                    descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
                    canWrite = false
                }
                if descriptor < 0 {
                    if errno == ENOENT { continue }
                    release()
                    return nil
                }
                descriptors.append(descriptor)
                guard Self.lock(descriptor, range, take: canWrite) else {
                    release()
                    return nil
                }
            }
        }

        /// Takes the write lock, or with `take` false only asks whether it could be taken.
        private static func lock(_ descriptor: Int32, _ range: (start: off_t, length: off_t), take: Bool) -> Bool {
            var request = flock()
            request.l_type = Int16(F_WRLCK)
            request.l_whence = Int16(SEEK_SET)
            request.l_start = range.start
            request.l_len = range.length
            request.l_pid = 0
            #if os(Linux)
            // F_OFD_SETLK / F_OFD_GETLK (Linux 3.15+): locks of this open file description,
            // which conflict with SQLite's process-wide locks even within this process.
            let command: Int32 = take ? 37 : 36
            #else
            let command = take ? F_SETLK : F_GETLK
            #endif
            guard fcntl(descriptor, command, &request) == 0 else { return false }
            return take || request.l_type == Int16(F_UNLCK)
        }

        /// Releases the locks (closing the descriptors does).
        func release() {
            for descriptor in descriptors {
                closeDescriptor(descriptor)
            }
            descriptors.removeAll()
        }

        deinit {
            release()
        }
    }
}

/// `close(2)`, which `Database.close()` hides inside the type.
private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}
