import CSodium
import Localization

/// A secret the TPM released: held in libsodium's guarded, locked memory (`sodium_malloc`) and
/// wiped when it goes away. It cannot be copied; read it inside `withUnsafeBytes`.
///
/// ```swift
/// let secret = try tpm.unseal(sealed, digits: digits)
/// try secret.withUnsafeBytes { key in try unwrapDataKey(with: key) }
/// ```
///
/// It may move to another thread: it owns its memory alone, and only ever lends it for reading.
public struct TPM2Secret: ~Copyable, @unchecked Sendable {
    private let storage: UnsafeMutableRawPointer
    /// The number of bytes.
    public let count: Int

    /// Copies `bytes` into fresh guarded memory.
    init(copying bytes: UnsafeRawBufferPointer) throws(TPM2Error) {
        try self.init(count: bytes.count) { target in
            if let base = bytes.baseAddress {
                target.copyMemory(from: UnsafeRawBufferPointer(start: base, count: bytes.count))
            }
        }
    }

    /// `count` bytes of fresh guarded memory, filled by `fill`.
    init(count: Int, fill: (UnsafeMutableRawBufferPointer) throws(TPM2Error) -> Void) throws(TPM2Error) {
        guard Sodium.isReady, let storage = sodium.malloc(max(1, count)) else {
            throw .failed(operation: tr("keep the secret"), code: 0, reason: tr("no guarded memory is available"))
        }
        let buffer = UnsafeMutableRawBufferPointer(start: storage, count: count)
        do {
            try fill(buffer)
        } catch {
            sodium.free(storage)
            throw error
        }
        self.storage = storage
        self.count = count
    }

    /// Lends the secret's bytes to `body`; they must not escape it.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    deinit {
        // sodium_free zeroes the memory before it unlocks and frees it.
        sodium.free(storage)
    }
}
