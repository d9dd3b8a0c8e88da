#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Localization

/// Keeps the failed-attempt state in `attempts.json` (mode 0600) in the config folder
/// (`$XDG_CONFIG_HOME/pinform`), so that restarting the application does not reset a lockout —
/// and so that a data folder that can only be read (the records shown read-only) can still be
/// unlocked: no PIN is checked unless its attempt is counted first, so the counter must live
/// where it can be written.
///
/// The file is small JSON, e.g. `{"failures":5,"lockedUntil":1800000030,"lockouts":1}`
/// (`lockedUntil` in seconds since 1970), replaced atomically on each save.
///
/// Earlier builds kept the counter in the data folder. That file (the *fallback*) is still
/// read: when both exist the stricter of the two counts, and when only it exists it is the
/// counter (it is moved over by the next save, which then removes it). When the config
/// folder cannot be written, saves go to the fallback; only when neither can be written does
/// a save fail — and then the app checks no PIN.
///
/// A damaged or unreadable file, or something else than a regular file there (a FIFO, a
/// device, a symbolic link: refused without blocking), loads as `AttemptRecord.strictest(now:)`
/// with the problem reported — and so does a missing counter (in neither folder) once a PIN is
/// set (`expectingFile`), since deleting the counter must not reset it. The file is left as it
/// is until the next `save`, which the app does under the lock so that the lock does not start
/// over at every launch.
///
/// Checks are serialized between processes: `lock()` takes an exclusive `flock` on
/// `attempts.lock` beside the counter, and the app re-reads the record, writes the failure it
/// is about to risk, checks the PIN, and clears the failure on success, all under that lock.
///
/// ```swift
/// let store = AttemptStore(paths: AppPaths())
/// let loaded = store.load()
/// if let problem = loaded.problem { log(problem.message) }
/// ```
public final class AttemptStore: Sendable {
    /// The name of the attempts file.
    public static let fileName = "attempts.json"

    /// A file this long or longer is not one Pinform wrote.
    private static let sizeLimit = 4096

    /// The attempts file.
    public let fileURL: URL
    /// The attempts file of the fallback folder (the data folder, where earlier builds kept
    /// it), or `nil` for a store with one folder.
    public let fallbackFileURL: URL?

    /// For tests: an `errno` every save fails with once its temporary file is written.
    private let saveFault: Int32?

    /// The clock lockouts are bound to (`PinCheck`): the kernel's boot clock for the
    /// application's store, none for a store made from folders unless one is given.
    public let bootClock: BootClock

    /// A store whose file is in `directory`.
    ///
    /// - Parameter fallbackDirectory: a second folder, read too (the stricter record counts)
    ///   and written when `directory` cannot be.
    /// - Parameter bootClock: the clock lockouts are bound to; `.none` (the wall clock alone)
    ///   unless given, so that tests may move a fake wall clock.
    public convenience init(directory: URL, fallbackDirectory: URL? = nil, bootClock: BootClock = .none) {
        self.init(directory: directory, fallbackDirectory: fallbackDirectory, saveFault: nil, bootClock: bootClock)
    }

    /// A store whose saves all fail with `saveFault` (a full disk, say), for tests
    /// (`@_spi(Testing) import Storage`).
    @_spi(Testing) public init(directory: URL, fallbackDirectory: URL? = nil, saveFault: Int32?,
                               bootClock: BootClock = .none) {
        fileURL = directory.appendingPathComponent(AttemptStore.fileName, isDirectory: false)
        fallbackFileURL = fallbackDirectory?.appendingPathComponent(AttemptStore.fileName, isDirectory: false)
        self.saveFault = saveFault
        self.bootClock = bootClock
    }

    /// The application's store: in the config folder, with the data folder as the fallback,
    /// its lockouts bound to the kernel's boot clock (`BootClock.system`).
    public convenience init(paths: AppPaths) {
        self.init(directory: paths.configDirectory, fallbackDirectory: paths.dataDirectory, bootClock: .system)
    }

    /// The lock file beside the attempts file.
    public var lockURL: URL {
        AttemptStore.lockURL(besides: fileURL)
    }

    private static func lockURL(besides file: URL) -> URL {
        file.deletingLastPathComponent().appendingPathComponent(AttemptStore.lockName, isDirectory: false)
    }

    /// The name of the lock file.
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
        do {
            return try AttemptStore.lock(besides: fileURL, waiting: waiting)
        } catch .writeFailed(let path, let reason) {
            // A config folder that cannot be written: lock beside the fallback instead, as
            // every instance facing the same folders does.
            guard let fallbackFileURL else { throw .writeFailed(path: path, reason: reason) }
            do {
                return try AttemptStore.lock(besides: fallbackFileURL, waiting: waiting)
            } catch .writeFailed {
                throw .writeFailed(path: path, reason: reason)
            }
        }
    }

    private static func lock(besides file: URL, waiting: Bool) throws(VaultError) -> AttemptLock? {
        let path = lockURL(besides: file).path
        if let failure = FileOperations.makeDirectories(atPath: file.deletingLastPathComponent().path) {
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
        let primary = AttemptStore.read(fileURL, now: now)
        let fallback = fallbackFileURL.map { AttemptStore.read($0, now: now) }
        // A damaged counter in either folder is tampering: the strictest state, whatever the other holds.
        for found in [primary, fallback] {
            if case .damaged(let loaded)? = found { return loaded }
        }
        switch (primary, fallback) {
        case (.record(let first), .record(let second)?):
            return AttemptLoad(record: AttemptStore.stricter(first, second), problem: nil)
        case (.record(let record), _), (.missing, .record(let record)?):
            return AttemptLoad(record: record, problem: nil)
        default:
            if expectingFile {
                return AttemptLoad(record: .strictest(now: now), problem: .missing(path: fileURL.path))
            }
            return AttemptLoad(record: .fresh, problem: nil)
        }
    }

    /// What one attempts file holds.
    private enum Found {
        case missing
        case record(AttemptRecord)
        case damaged(AttemptLoad)
    }

    private static func read(_ url: URL, now: Date) -> Found {
        let path = url.path
        let bytes: [UInt8]
        switch FileOperations.readRegularFile(atPath: path, limit: AttemptStore.sizeLimit) {
        case .success(let contents):
            bytes = contents
        case .failure(let failure) where failure.code == ENOENT || failure.code == ENOTDIR:
            // ENOTDIR: its folder is not one (a file stands in its place), so no counter is there.
            return .missing
        case .failure(let failure) where FileOperations.isNotRegular(failure):
            return .damaged(AttemptLoad(record: .strictest(now: now), problem: .notARegularFile(path: path)))
        case .failure(let failure):
            return .damaged(AttemptLoad(record: .strictest(now: now), problem: .unreadable(path: path, reason: failure.reason)))
        }
        guard bytes.count <= AttemptStore.sizeLimit,
              let record = try? AttemptStore.decoder.decode(AttemptRecord.self, from: Data(bytes)),
              record.failures >= 0, record.lockouts >= 0,
              record.lockedUntil.map({ AttemptStore.isPlausible($0, now: now) }) ?? true
        else {
            return .damaged(AttemptLoad(record: .strictest(now: now), problem: .corrupt(path: path)))
        }
        return .record(record)
    }

    /// The longest lockout a record can hold (`PinCode.AttemptPolicy.longestLockout`).
    static let longestLockout: TimeInterval = 3600

    /// Whether a lockout end could have been written by Pinform: finite, after 1970, and no
    /// further from `now` than the longest lockout. A later one (`1e300`, or the clock set back
    /// by more than an hour) would never end, since the remaining time is counted from each
    /// launch's clock: it loads as the strictest state, which ends an hour from now.
    static func isPlausible(_ lockedUntil: Date, now: Date) -> Bool {
        let seconds = lockedUntil.timeIntervalSince1970
        return seconds.isFinite && seconds >= 0 && lockedUntil.timeIntervalSince(now) <= longestLockout
    }

    /// The more failures, the more lockouts and the later lockout end of the two.
    static func stricter(_ first: AttemptRecord, _ second: AttemptRecord) -> AttemptRecord {
        let until: Date?
        switch (first.lockedUntil, second.lockedUntil) {
        case (let a?, let b?): until = max(a, b)
        case (let a, let b): until = a ?? b
        }
        // The boot binding goes with the later lockout end (the one that counts).
        let bound = (first.lockedUntil ?? .distantPast) >= (second.lockedUntil ?? .distantPast) ? first : second
        return AttemptRecord(failures: max(first.failures, second.failures),
                             lockouts: max(first.lockouts, second.lockouts), lockedUntil: until,
                             bootID: bound.bootID, lockedUntilBoot: bound.lockedUntilBoot)
    }

    /// Saves the record, replacing the file atomically.
    ///
    /// - Throws: `VaultError.writeFailed`; the previous file is then kept.
    /// When the config folder's file is saved, the fallback's file (and its lock file) is
    /// removed, as far as it can be: the saved record already counts it, since the app saves
    /// what it loaded.
    ///
    /// - Throws: `VaultError.writeFailed` (naming the config folder's file) when neither
    ///   folder's file can be saved; the previous files are then kept.
    public func save(_ record: AttemptRecord) throws(VaultError) {
        let data: Data
        do {
            data = try AttemptStore.encoder.encode(record)
        } catch {
            // Only non-finite dates fail to encode; no record the policy makes has one.
            throw .writeFailed(path: fileURL.path, reason: tr("the date cannot be written"))
        }
        guard let failure = write(data, to: fileURL) else {
            if let fallbackFileURL {
                try? FileOperations.removeFile(atPath: fallbackFileURL.path)
                try? FileOperations.removeFile(atPath: AttemptStore.lockURL(besides: fallbackFileURL).path)
            }
            return
        }
        guard let fallbackFileURL, write(data, to: fallbackFileURL) == nil else {
            throw .writeFailed(path: failure.path, reason: failure.reason)
        }
    }

    private func write(_ data: Data, to url: URL) -> FileFailure? {
        data.withUnsafeBytes { bytes in
            do throws(FileFailure) {
                try FileOperations.replaceAtomically(atPath: url.path, with: bytes, faultBeforeRename: saveFault)
                return nil
            } catch {
                return error
            }
        }
    }

    /// Deletes the file (in both folders), e.g. when the PIN is removed; does nothing when there is none.
    ///
    /// - Throws: `VaultError.writeFailed` when the file cannot be removed.
    public func remove() throws(VaultError) {
        do {
            try FileOperations.removeFile(atPath: fileURL.path)
            if let fallbackFileURL { try FileOperations.removeFile(atPath: fallbackFileURL.path) }
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
