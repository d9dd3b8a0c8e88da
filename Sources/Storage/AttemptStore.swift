#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Keeps the failed-attempt state in `attempts.json` (mode 0600) in the data folder, so that
/// restarting the application does not reset a lockout.
///
/// The file is small JSON, e.g. `{"failures":5,"lockedUntil":1800000030,"lockouts":1}`
/// (`lockedUntil` in seconds since 1970), replaced atomically on each save.
///
/// A damaged or unreadable file, or something else than a regular file there (a FIFO, a
/// device, a symbolic link: refused without blocking), loads as `AttemptRecord.strictest(now:)`
/// with the problem reported — and so does a missing file once a PIN is set (`expectingFile`),
/// since deleting the counter must not reset it. The file is left as it is until the next
/// `save`, which the app does under the lock so that the lock does not start over at every launch.
///
/// Checks are serialized between processes: `lock()` takes an exclusive `flock` on
/// `attempts.lock`, and the app re-reads the record, writes the failure it is about to risk,
/// checks the PIN, and clears the failure on success, all under that lock.
///
/// ```swift
/// let store = AttemptStore(paths: AppPaths())
/// let loaded = store.load()
/// if let problem = loaded.problem { log(problem.message) }
/// ```
public final class AttemptStore: Sendable {
    /// The name of the attempts file in the data folder.
    public static let fileName = "attempts.json"

    /// A file this long or longer is not one Pinform wrote.
    private static let sizeLimit = 4096

    /// The attempts file.
    public let fileURL: URL

    /// For tests: an `errno` every save fails with once its temporary file is written.
    private let saveFault: Int32?

    /// A store whose file is in `directory`.
    public convenience init(directory: URL) {
        self.init(directory: directory, saveFault: nil)
    }

    /// A store whose saves all fail with `saveFault` (a full disk, say), for tests.
    init(directory: URL, saveFault: Int32?) {
        fileURL = directory.appendingPathComponent(AttemptStore.fileName, isDirectory: false)
        self.saveFault = saveFault
    }

    /// A store in the application's data folder.
    public convenience init(paths: AppPaths) {
        self.init(directory: paths.dataDirectory)
    }

    /// The lock file beside the attempts file.
    public var lockURL: URL {
        fileURL.deletingLastPathComponent().appendingPathComponent(AttemptStore.lockName, isDirectory: false)
    }

    /// The name of the lock file in the data folder.
    public static let lockName = "attempts.lock"

    /// Takes the exclusive lock that serializes PIN checks between processes; it is released
    /// when the returned lock is released (or the process ends).
    ///
    /// - Parameter waiting: wait for another process's check to end (call it off the main
    ///   thread), or fail at once with `nil`.
    /// - Returns: the lock, or `nil` when another process holds it and `waiting` is false.
    /// - Throws: `.notARegularFile` when something else than a regular file is there,
    ///   `.writeFailed` when the lock file cannot be made or locked.
    public func lock(waiting: Bool = true) throws(VaultError) -> AttemptLock? {
        let path = lockURL.path
        if let failure = FileOperations.makeDirectories(atPath: fileURL.deletingLastPathComponent().path) {
            throw .writeFailed(path: failure.path, reason: failure.reason)
        }
        let descriptor: Int32
        switch FileOperations.openRegularFile(atPath: path, flags: O_RDWR, creating: true) {
        case .success(let opened): descriptor = opened
        case .failure(let failure) where FileOperations.isNotRegular(failure): throw .notARegularFile(path: path)
        case .failure(let failure): throw .writeFailed(path: path, reason: failure.reason)
        }
        while flock(descriptor, LOCK_EX | (waiting ? 0 : LOCK_NB)) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(descriptor)
            if code == EWOULDBLOCK { return nil }
            throw .writeFailed(path: path, reason: String(cString: strerror(code)))
        }
        return AttemptLock(descriptor: descriptor)
    }

    /// Reads the stored record; never fails, but says when it had to assume one.
    ///
    /// - Parameters:
    ///   - now: the time an assumed lockout starts from.
    ///   - expectingFile: whether a PIN is set, so that a missing file is tampering and
    ///     loads as the strictest state rather than a fresh one.
    public func load(now: Date = Date(), expectingFile: Bool = false) -> AttemptLoad {
        let path = fileURL.path
        let bytes: [UInt8]
        switch FileOperations.readRegularFile(atPath: path, limit: AttemptStore.sizeLimit) {
        case .success(let contents):
            bytes = contents
        case .failure(let failure) where failure.code == ENOENT:
            if expectingFile {
                return AttemptLoad(record: .strictest(now: now), problem: .missing(path: path))
            }
            return AttemptLoad(record: .fresh, problem: nil)
        case .failure(let failure) where FileOperations.isNotRegular(failure):
            return AttemptLoad(record: .strictest(now: now), problem: .notARegularFile(path: path))
        case .failure(let failure):
            return AttemptLoad(
                record: .strictest(now: now),
                problem: .unreadable(path: path, reason: failure.reason)
            )
        }
        guard bytes.count <= AttemptStore.sizeLimit,
              let record = try? AttemptStore.decoder.decode(AttemptRecord.self, from: Data(bytes)),
              record.failures >= 0, record.lockouts >= 0,
              record.lockedUntil.map({ $0.timeIntervalSince1970.isFinite }) ?? true
        else {
            return AttemptLoad(record: .strictest(now: now), problem: .corrupt(path: path))
        }
        return AttemptLoad(record: record, problem: nil)
    }

    /// Saves the record, replacing the file atomically.
    ///
    /// - Throws: `VaultError.writeFailed`; the previous file is then kept.
    public func save(_ record: AttemptRecord) throws(VaultError) {
        let data: Data
        do {
            data = try AttemptStore.encoder.encode(record)
        } catch {
            // Only non-finite dates fail to encode; no record the policy makes has one.
            throw .writeFailed(path: fileURL.path, reason: "the date cannot be written")
        }
        let failure: FileFailure? = data.withUnsafeBytes { bytes in
            do throws(FileFailure) {
                try FileOperations.replaceAtomically(atPath: fileURL.path, with: bytes, faultBeforeRename: saveFault)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw .writeFailed(path: failure.path, reason: failure.reason) }
    }

    /// Deletes the file, e.g. when the PIN is removed; does nothing when there is none.
    ///
    /// - Throws: `VaultError.writeFailed` when the file cannot be removed.
    public func remove() throws(VaultError) {
        do {
            try FileOperations.removeFile(atPath: fileURL.path)
        } catch {
            throw .writeFailed(path: error.path, reason: error.reason)
        }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
