import CSodium
import Foundation

/// The previous version's PIN file: an argon2id hash in `pin.hash` (mode 0600) in the data folder.
///
/// Pinform now keeps the PIN as the key that unwraps the records' data key (`KeyVault`); this
/// type remains to check an older installation's PIN once, on its first unlock, before that
/// installation is upgraded and `pin.hash` removed — and for tests to make such installations.
///
/// The hash is libsodium's `crypto_pwhash_str` with the interactive limits (about 64 MiB and a
/// fraction of a second per hash), so a stolen file does not give the PIN away cheaply. The
/// digits are taken as a borrowed buffer (see `PinCode.withDigits`) and never copied into a
/// `String`; every buffer holding the hash is zeroed with `sodium_memzero` after use.
/// The file is replaced atomically: a failed save keeps the previous PIN.
///
/// ```swift
/// let vault = PinVault(paths: AppPaths())
/// try pin.withDigits { try vault.store(digits: $0) }
/// let isRight = try pin.withDigits { try vault.verify(digits: $0) }
/// ```
public final class PinVault: Sendable {
    /// The name of the hash file in the data folder.
    public static let fileName = "pin.hash"

    /// The hash file.
    public let fileURL: URL

    /// Whether a test asked the next saves to fail after writing the temporary file.
    private let faultBeforeRename: Int32?

    /// A vault whose hash file is in `directory`.
    public convenience init(directory: URL) {
        self.init(directory: directory, faultBeforeRename: nil)
    }

    /// A vault in the application's data folder.
    public convenience init(paths: AppPaths) {
        self.init(directory: paths.dataDirectory)
    }

    /// A vault whose saves fail with `faultBeforeRename` once the temporary file is written.
    init(directory: URL, faultBeforeRename: Int32?) {
        fileURL = directory.appendingPathComponent(PinVault.fileName, isDirectory: false)
        self.faultBeforeRename = faultBeforeRename
    }

    /// Whether a PIN file exists, even a damaged one: a damaged file must not silently turn
    /// into "no PIN yet", which would let anyone set a new PIN.
    public var hasPIN: Bool {
        FileOperations.exists(atPath: fileURL.path)
    }

    /// Hashes the digits and saves the hash, replacing any previous PIN atomically.
    ///
    /// - Parameter digits: the PIN's ASCII digits, borrowed for the call.
    /// - Throws: `VaultError.writeFailed`, `.hashingFailed` or `.cryptoUnavailable`.
    public func store(digits: UnsafeBufferPointer<UInt8>) throws(VaultError) {
        precondition(!digits.isEmpty, "A PIN has at least one digit")
        try Sodium.ensureReady()
        // One byte more than the hash for the trailing newline written with it.
        var hash = [UInt8](repeating: 0, count: sodium.pwhashStrbytes() + 1)
        defer { sodium.memzero(&hash, hash.count) }
        let result = hash.withUnsafeMutableBytes { output in
            digits.withMemoryRebound(to: CChar.self) { input in
                sodium.pwhashStr(
                    output.baseAddress!.assumingMemoryBound(to: CChar.self),
                    input.baseAddress!,
                    UInt64(input.count),
                    UInt64(sodium.pwhashOpslimitInteractive()),
                    sodium.pwhashMemlimitInteractive()
                )
            }
        }
        guard result == 0 else { throw .hashingFailed }
        let length = hash.firstIndex(of: 0) ?? hash.count - 1
        hash[length] = UInt8(ascii: "\n")
        // The second line keeps the PIN's length, so unlocking asks for as many digits as were
        // chosen even after the preferred length for new PINs changed.
        hash.replaceSubrange((length + 1)..., with: Array("\(PinVault.lengthKey)\(digits.count)\n".utf8))
        let failure: FileFailure? = hash.withUnsafeBytes { bytes in
            do throws(FileFailure) {
                try FileOperations.replaceAtomically(
                    atPath: fileURL.path,
                    with: UnsafeRawBufferPointer(bytes),
                    faultBeforeRename: faultBeforeRename
                )
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw .writeFailed(path: failure.path, reason: failure.reason) }
    }

    /// Whether the digits are the stored PIN.
    ///
    /// - Parameter digits: the candidate's ASCII digits, borrowed for the call.
    /// - Throws: `VaultError.noPIN` when none is stored, `.unreadable`, `.corrupt` (the file is
    ///   left in place) or `.cryptoUnavailable`.
    public func verify(digits: UnsafeBufferPointer<UInt8>) throws(VaultError) -> Bool {
        try Sodium.ensureReady()
        var hash = try readHash()
        defer { sodium.memzero(&hash, hash.count) }
        return hash.withUnsafeBufferPointer { stored in
            digits.withMemoryRebound(to: CChar.self) { input in
                // A 0-length buffer may have no address; libsodium reads nothing from it then.
                let bytes = input.baseAddress ?? stored.baseAddress!
                return sodium.pwhashStrVerify(stored.baseAddress!, bytes, UInt64(input.count)) == 0
            }
        }
    }

    /// How many digits the stored PIN has, or nil when there is no readable PIN file.
    public var storedLength: Int? {
        guard case .success(let contents) = FileOperations.readRegularFile(atPath: fileURL.path, limit: PinVault.fileLimit)
        else { return nil }
        let lines = contents.split(separator: UInt8(ascii: "\n"))
        guard lines.count >= 2 else { return nil }
        let line = String(decoding: lines[1], as: UTF8.self)
        guard line.hasPrefix(PinVault.lengthKey), let value = Int(line.dropFirst(PinVault.lengthKey.count)),
              (1...32).contains(value) else { return nil }
        return value
    }

    private static let lengthKey = "length="
    /// The hash line, the length line, and room to spare.
    private static var fileLimit: Int { sodium.pwhashStrbytes() + 32 }

    /// Deletes the stored PIN; does nothing when there is none.
    ///
    /// - Throws: `VaultError.writeFailed` when the file cannot be removed.
    public func remove() throws(VaultError) {
        do {
            try FileOperations.removeFile(atPath: fileURL.path)
        } catch {
            throw .writeFailed(path: error.path, reason: error.reason)
        }
    }

    /// The stored hash as a NUL-terminated C string, checked to be a well-formed argon2id hash.
    private func readHash() throws(VaultError) -> [CChar] {
        let path = fileURL.path
        let limit = sodium.pwhashStrbytes()
        var bytes: [UInt8]
        switch FileOperations.readRegularFile(atPath: path, limit: PinVault.fileLimit) {
        case .success(let contents):
            // The hash is the first line; the length line follows it.
            bytes = Array(contents.prefix { $0 != UInt8(ascii: "\n") })
        case .failure(let failure) where FileOperations.isNotRegular(failure):
            throw .notARegularFile(path: path)
        case .failure(let failure) where failure.code == ENOENT:
            throw .noPIN
        case .failure(let failure):
            throw .unreadable(path: path, reason: failure.reason)
        }
        defer { sodium.memzero(&bytes, bytes.count) }
        while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
            bytes.removeLast()
        }
        let prefix = Array("$argon2id$".utf8)
        guard bytes.count < limit,
              bytes.starts(with: prefix),
              bytes.allSatisfy({ (0x21...0x7E).contains($0) })
        else { throw .corrupt(path: path) }
        var hash = [CChar](repeating: 0, count: bytes.count + 1)
        for index in bytes.indices {
            hash[index] = CChar(bitPattern: bytes[index])
        }
        // needs_rehash parses the whole string and answers -1 when it is not a valid hash.
        let parses = sodium.pwhashStrNeedsRehash(
            hash,
            UInt64(sodium.pwhashOpslimitInteractive()),
            sodium.pwhashMemlimitInteractive()
        ) != -1
        guard parses else {
            sodium.memzero(&hash, hash.count)
            throw .corrupt(path: path)
        }
        return hash
    }
}
