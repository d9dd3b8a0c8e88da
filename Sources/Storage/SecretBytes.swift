import CSodium

/// Bytes that must not leak: a data key, a key derived from a PIN, or a PIN's digits on their
/// way to the vault.
///
/// They live in memory from `sodium_malloc`: locked so that it is never swapped out, fenced by
/// guard pages, and wiped (`sodium_free` zeroes it) as soon as the last reference goes. Hand
/// them on by reference and never copy them into a `String` or an `Array`.
///
/// ```swift
/// let key = try SecretBytes.random(count: 32)
/// let database = try Database(at: paths.recordsFile, key: key)
/// ```
public final class SecretBytes: @unchecked Sendable {
    // The address never changes after init and the bytes are written only before the
    // instance is shared (or under the owner's own ordering), so sharing it is safe.
    private let base: UnsafeMutableRawPointer
    /// How many bytes.
    public let count: Int

    /// Zeroed secure memory of `count` bytes.
    ///
    /// - Throws: `VaultError.cryptoUnavailable` when libsodium cannot start, `.hashingFailed`
    ///   when secure memory cannot be had (out of memory or over the locked-memory limit).
    public init(count: Int) throws(VaultError) {
        precondition(count >= 0)
        try Sodium.ensureReady()
        guard let pointer = sodium.malloc(max(1, count)) else { throw .outOfSecureMemory }
        base = pointer
        self.count = count
        sodium.memzero(base, max(1, count))
    }

    /// A copy of `bytes` in secure memory; the caller wipes its own copy.
    public convenience init(copying bytes: UnsafeBufferPointer<UInt8>) throws(VaultError) {
        try self.init(count: bytes.count)
        if let source = bytes.baseAddress, !bytes.isEmpty { base.copyMemory(from: source, byteCount: bytes.count) }
    }

    /// `count` bytes from libsodium's random generator (the kernel's `getrandom`).
    public static func random(count: Int) throws(VaultError) -> SecretBytes {
        let bytes = try SecretBytes(count: count)
        sodium.randombytesBuf(bytes.base, count)
        return bytes
    }

    deinit {
        // sodium_free zeroes the whole allocation before unlocking and releasing it.
        sodium.free(base)
    }

    /// Lends the bytes for the duration of `body`.
    public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Lends the bytes, writable, for the duration of `body`.
    public func withMutableBytes<R, E: Error>(_ body: (UnsafeMutableRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeMutableRawBufferPointer(start: base, count: count))
    }

    /// Whether both hold the same bytes, compared in constant time.
    public func matches(_ other: SecretBytes) -> Bool {
        count == other.count && sodium.memcmp(base, other.base, count) == 0
    }

    /// A copy in new secure memory.
    public func copy() throws(VaultError) -> SecretBytes {
        let copy = try SecretBytes(count: count)
        copy.base.copyMemory(from: base, byteCount: count)
        return copy
    }
}
