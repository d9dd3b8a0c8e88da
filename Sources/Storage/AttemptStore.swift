import Foundation

/// Keeps the failed-attempt state in `attempts.json` (mode 0600) in the data folder, so that
/// restarting the application does not reset a lockout.
///
/// The file is small JSON, e.g. `{"failures":5,"lockedUntil":1800000030,"lockouts":1}`
/// (`lockedUntil` in seconds since 1970), replaced atomically on each save.
///
/// A damaged or unreadable file loads as `AttemptRecord.conservative(now:)` (locked for
/// 30 s) with the problem reported; the file is left as it is until the next `save`, which the
/// app should do at once so that the 30 s do not start over at every launch.
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

    /// A store whose file is in `directory`.
    public init(directory: URL) {
        fileURL = directory.appendingPathComponent(AttemptStore.fileName, isDirectory: false)
    }

    /// A store in the application's data folder.
    public convenience init(paths: AppPaths) {
        self.init(directory: paths.dataDirectory)
    }

    /// Reads the stored record; never fails, but says when it had to assume one.
    ///
    /// - Parameter now: the time a conservative lockout starts from.
    public func load(now: Date = Date()) -> AttemptLoad {
        let path = fileURL.path
        let bytes: [UInt8]
        switch FileOperations.readSmallFile(atPath: path, limit: AttemptStore.sizeLimit) {
        case .success(let contents):
            bytes = contents
        case .failure(let failure) where failure.code == ENOENT:
            return AttemptLoad(record: .fresh, problem: nil)
        case .failure(let failure):
            return AttemptLoad(
                record: .conservative(now: now),
                problem: .unreadable(path: path, reason: failure.reason)
            )
        }
        guard bytes.count <= AttemptStore.sizeLimit,
              let record = try? AttemptStore.decoder.decode(AttemptRecord.self, from: Data(bytes)),
              record.failures >= 0, record.lockouts >= 0,
              record.lockedUntil.map({ $0.timeIntervalSince1970.isFinite }) ?? true
        else {
            return AttemptLoad(record: .conservative(now: now), problem: .corrupt(path: path))
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
                try FileOperations.replaceAtomically(atPath: fileURL.path, with: bytes)
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
