#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Reads a backup file (`BackupArchive`'s layout) as a stream, a chunk at a time, so that a
/// backup of any size takes the same memory: every length and checksum is checked as it goes,
/// the key file (at most `keyFileLimit`) is kept in memory, and the records are written to a
/// file in a folder given, or only checked.
///
/// ```swift
/// let read = try BackupStream.read(file, unpackingRecordsInto: staging)
/// ```
struct BackupStream {
    /// What was read: the key file's bytes, the records' first 16 bytes and size, and where the
    /// records were written (when a folder was given).
    struct Contents {
        var keyFile = Data()
        var recordsHead = Data()
        var recordsSize: UInt64 = 0
        var recordsFile: URL?
    }

    /// The largest key file a backup may hold (as `Backup.prepare` reads one).
    static let keyFileLimit: UInt64 = 1 << 20
    /// The bytes read at a time.
    static let chunkSize = 1 << 20

    /// Reads and checks `file`; with `folder`, writes the records entry into it (mode 0600,
    /// flushed) as `Database.fileName`.
    ///
    /// - Throws: `.notABackup`, `.newerVersion`, `.damaged` (a length or checksum that does not
    ///   hold, an entry twice, a key file over the limit, one of the two missing), `.cannotRead`;
    ///   `.cannotRestore` when the records cannot be written. A partly written records file is removed.
    static func read(_ file: URL, unpackingRecordsInto folder: URL? = nil) throws(BackupError) -> Contents {
        let descriptor: Int32
        switch FileOperations.openRegularFile(atPath: file.path) {
        case .success(let opened): descriptor = opened
        case .failure(let failure): throw .cannotRead(path: file.path, reason: failure.reason)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .cannotRead(path: file.path, reason: String(cString: strerror(errno))) }
        if case .failure(let missing) = Sodium.shared { throw .cannotRead(path: file.path, reason: missing.reason) }
        var stream = BackupStream(descriptor: descriptor, path: file.path, size: UInt64(status.st_size))
        var contents = Contents()
        do {
            try stream.readAll(into: &contents, folder: folder)
        } catch {
            if let written = contents.recordsFile { unlink(written.path) }
            throw error
        }
        return contents
    }

    private let descriptor: Int32
    private let path: String
    /// The file's size by `fstat`: the body is everything before the last 32 bytes.
    private let size: UInt64
    /// The bytes read so far.
    private var offset: UInt64 = 0
    /// The checksum of everything read so far (the body's).
    private let whole = Checksum()

    private init(descriptor: Int32, path: String, size: UInt64) {
        self.descriptor = descriptor
        self.path = path
        self.size = size
    }

    private var bodySize: UInt64 {
        size >= UInt64(BackupArchive.checksumLength) ? size - UInt64(BackupArchive.checksumLength) : 0
    }

    private mutating func readAll(into contents: inout Contents, folder: URL?) throws(BackupError) {
        let magic = try bytes(BackupArchive.magic.count, orElse: .notABackup(path: path))
        guard magic == BackupArchive.magic else { throw .notABackup(path: path) }
        let version = try integer(UInt32.self)
        guard version <= BackupArchive.currentVersion else { throw .newerVersion(path: path) }
        guard version == BackupArchive.currentVersion else { throw .damaged(path: path) }
        let count = try integer(UInt32.self)
        var seen: Set<String> = []
        for _ in 0..<count {
            let nameLength = Int(try integer(UInt16.self))
            guard let name = String(data: try bytes(nameLength), encoding: .utf8), seen.insert(name).inserted else {
                throw .damaged(path: path)
            }
            let length = try integer(UInt64.self)
            guard length <= bodySize - offset else { throw .damaged(path: path) }
            let sum = try bytes(BackupArchive.checksumLength)
            let entry = Checksum()
            switch name {
            case Backup.keyFileEntry:
                guard length <= BackupStream.keyFileLimit else { throw .damaged(path: path) }
                contents.keyFile = try bytes(Int(length))
                entry.add(contents.keyFile)
            case Backup.databaseEntry:
                contents.recordsSize = length
                contents.recordsFile = folder.map { $0.appendingPathComponent(Database.fileName) }
                try copy(length, into: contents.recordsFile, checksum: entry) { head in
                    if contents.recordsHead.count < 16 { contents.recordsHead.append(head.prefix(16 - contents.recordsHead.count)) }
                }
            default:
                // An entry a later version may add: checked, not kept.
                try copy(length, into: nil, checksum: entry) { _ in }
            }
            guard entry.finish() == sum else { throw .damaged(path: path) }
        }
        guard offset == bodySize, seen.isSuperset(of: [Backup.keyFileEntry, Backup.databaseEntry]) else {
            throw .damaged(path: path)
        }
        let body = whole.finish()
        guard try tail(BackupArchive.checksumLength) == body else { throw .damaged(path: path) }
    }

    /// Reads `length` bytes a chunk at a time into the checksums, and into a new file at `target`.
    private mutating func copy(_ length: UInt64, into target: URL?, checksum: Checksum,
                               sawChunk: (Data) -> Void) throws(BackupError) {
        var output: Int32 = -1
        if let target {
            output = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard output >= 0 else { throw .cannotRestore(reason: String(cString: strerror(errno))) }
        }
        defer { if output >= 0 { close(output) } }
        var left = length
        while left > 0 {
            let chunk = try bytes(Int(min(left, UInt64(BackupStream.chunkSize))))
            checksum.add(chunk)
            sawChunk(chunk)
            if output >= 0, let failed = BackupStream.write(chunk, to: output) {
                throw .cannotRestore(reason: String(cString: strerror(failed)))
            }
            left -= UInt64(chunk.count)
        }
        if output >= 0, fsync(output) != 0 { throw .cannotRestore(reason: String(cString: strerror(errno))) }
    }

    /// Writes all of `chunk` to `descriptor`; the errno of a failed write, or nil.
    static func write(_ chunk: Data, to descriptor: Int32) -> Int32? {
        chunk.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
    }

    private mutating func integer<T: FixedWidthInteger>(_: T.Type) throws(BackupError) -> T {
        var value: T = 0
        for byte in try bytes(MemoryLayout<T>.size) { value = value << 8 | T(byte) }
        return value
    }

    /// The next `count` bytes of the body, added to the whole file's checksum.
    private mutating func bytes(_ count: Int, orElse problem: BackupError? = nil) throws(BackupError) -> Data {
        guard count >= 0, UInt64(count) <= bodySize - min(offset, bodySize) else { throw problem ?? .damaged(path: path) }
        let data = try readExactly(count)
        whole.add(data)
        return data
    }

    /// The last `count` bytes: the checksum of the body.
    private mutating func tail(_ count: Int) throws(BackupError) -> Data {
        guard size - offset == UInt64(count) else { throw .damaged(path: path) }
        return try readExactly(count)
    }

    private mutating func readExactly(_ count: Int) throws(BackupError) -> Data {
        var data = Data(count: count)
        var filled = 0
        while filled < count {
            let result = data.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + filled, count - filled)
            }
            if result < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
            }
            // The file shrank since fstat: cut short.
            guard result > 0 else { throw .damaged(path: path) }
            filled += result
        }
        offset += UInt64(count)
        return data
    }
}

/// BLAKE2b-256 over bytes given a piece at a time (libsodium's `crypto_generichash` state).
private final class Checksum {
    private let state: UnsafeMutableRawPointer

    /// - Precondition: libsodium is loaded (`Sodium.shared` succeeded).
    init() {
        _ = Sodium.isReady
        state = UnsafeMutableRawPointer.allocate(byteCount: sodium.generichashStatebytes(), alignment: 64)
        _ = sodium.generichashInit(state, nil, 0, BackupArchive.checksumLength)
    }

    deinit { state.deallocate() }

    func add(_ data: Data) {
        data.withUnsafeBytes { buffer in
            _ = sodium.generichashUpdate(state, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(buffer.count))
        }
    }

    /// The checksum; the state is spent.
    func finish() -> Data {
        var hash = [UInt8](repeating: 0, count: BackupArchive.checksumLength)
        _ = sodium.generichashFinal(state, &hash, hash.count)
        return Data(hash)
    }
}
