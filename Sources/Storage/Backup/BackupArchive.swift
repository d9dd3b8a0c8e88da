import CSodium
import Foundation

/// The layout of a backup file (`.pinform-backup`): named entries, each with its length and
/// BLAKE2b-256 checksum, in one file that says what it is and which version wrote it.
///
/// ```text
/// "PINFORM-BACKUP\0\0"           16 bytes, the magic
/// version                         UInt32, big-endian (1)
/// entry count                     UInt32, big-endian
/// for each entry:
///   name length, name             UInt16, UTF-8 ("keys.json", "records.sqlite")
///   data length                   UInt64
///   BLAKE2b-256 of the data       32 bytes
///   data
/// BLAKE2b-256 of all the above    32 bytes
/// ```
///
/// The entries are the files as they are on disk: the key file (the data key wrapped under the
/// PIN and the recovery key) and the SQLCipher database. Nothing is decrypted to make a backup,
/// so a backup opens only with the PIN or the recovery key, like the data folder itself.
public struct BackupArchive: Equatable, Sendable {
    /// One file of the archive.
    public struct Entry: Equatable, Sendable {
        /// The file's name in the data folder.
        public let name: String
        /// Its bytes.
        public let data: Data

        /// An entry named `name` holding `data`.
        public init(name: String, data: Data) {
            self.name = name
            self.data = data
        }
    }

    /// What reading an archive found wrong.
    public enum ReadProblem: Error, Equatable, Sendable {
        /// The file does not start with the magic: not a Pinform backup.
        case notABackup
        /// A later layout than this version reads.
        case newerVersion(Int)
        /// Cut short, a checksum that does not match, or lengths that do not add up.
        case damaged
    }

    /// The first 16 bytes of every backup.
    public static let magic = Data("PINFORM-BACKUP\0\0".utf8)
    /// The layout this version writes and reads.
    public static let currentVersion = 1
    /// The checksum's length: BLAKE2b-256.
    static let checksumLength = 32

    /// The files, in order.
    public let entries: [Entry]

    /// An archive of `entries`.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The entry named `name`, if any.
    public func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The archive's bytes, as written to a backup file.
    public func encoded() -> Data {
        var out = BackupArchive.magic
        out.appendBigEndian(UInt32(BackupArchive.currentVersion))
        out.appendBigEndian(UInt32(entries.count))
        for entry in entries {
            let name = Data(entry.name.utf8)
            out.appendBigEndian(UInt16(name.count))
            out.append(name)
            out.appendBigEndian(UInt64(entry.data.count))
            out.append(BackupArchive.checksum(entry.data))
            out.append(entry.data)
        }
        out.append(BackupArchive.checksum(out))
        return out
    }

    /// Reads an archive, checking every length and checksum.
    public init(decoding bytes: Data) throws(ReadProblem) {
        let bytes = Data(bytes)
        guard bytes.count >= BackupArchive.magic.count, bytes.prefix(BackupArchive.magic.count) == BackupArchive.magic else {
            throw .notABackup
        }
        var reader = Reader(bytes: bytes, offset: BackupArchive.magic.count)
        let version = try reader.integer(UInt32.self)
        guard version <= BackupArchive.currentVersion else { throw .newerVersion(Int(version)) }
        guard version == BackupArchive.currentVersion, bytes.count >= reader.offset + BackupArchive.checksumLength else {
            throw .damaged
        }
        let bodyEnd = bytes.count - BackupArchive.checksumLength
        guard BackupArchive.checksum(bytes[..<bodyEnd]) == bytes[bodyEnd...] else { throw .damaged }
        let count = try reader.integer(UInt32.self)
        var entries: [Entry] = []
        for _ in 0..<count {
            let nameLength = Int(try reader.integer(UInt16.self))
            guard let name = String(data: try reader.bytes(nameLength, before: bodyEnd), encoding: .utf8) else { throw .damaged }
            let length = try reader.integer(UInt64.self)
            guard length <= UInt64(bodyEnd) else { throw .damaged }
            let sum = try reader.bytes(BackupArchive.checksumLength, before: bodyEnd)
            let data = try reader.bytes(Int(length), before: bodyEnd)
            guard BackupArchive.checksum(data) == sum else { throw .damaged }
            entries.append(Entry(name: name, data: data))
        }
        guard reader.offset == bodyEnd else { throw .damaged }
        self.entries = entries
    }

    /// BLAKE2b-256 of `data` (libsodium's `crypto_generichash`).
    static func checksum(_ data: Data) -> Data {
        var hash = [UInt8](repeating: 0, count: checksumLength)
        _ = Sodium.isReady
        data.withUnsafeBytes { buffer in
            _ = sodium.generichash(&hash, hash.count, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                   UInt64(buffer.count), nil, 0)
        }
        return Data(hash)
    }

    /// Reads big-endian integers and byte runs, never past the end.
    private struct Reader {
        let bytes: Data
        var offset: Int

        mutating func integer<T: FixedWidthInteger>(_: T.Type) throws(ReadProblem) -> T {
            let size = MemoryLayout<T>.size
            guard offset + size <= bytes.count else { throw .damaged }
            var value: T = 0
            for byte in bytes[offset..<offset + size] { value = value << 8 | T(byte) }
            offset += size
            return value
        }

        mutating func bytes(_ count: Int, before end: Int) throws(ReadProblem) -> Data {
            guard count >= 0, offset <= end, count <= end - offset else { throw .damaged }
            defer { offset += count }
            return Data(bytes[offset..<offset + count])
        }
    }
}

extension Data {
    fileprivate mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}
