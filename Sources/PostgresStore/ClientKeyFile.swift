#if canImport(Glibc)
import Glibc
#endif
internal import CPostgres
import Localization
import Storage

/// The client certificate's private key as libpq reads it — from a file name (`sslkey`) — with
/// no file on disk: a memory-only file (`memfd_create`, never in a folder, not inherited by
/// child processes), mode 0600 as libpq requires of a key, named `/proc/self/fd/N`. It holds
/// the key only while libpq connects (`whileFilled`), and is overwritten with zeros and emptied
/// right after; it stays open, empty, so that a reconnection (`PQreset`) finds the same name.
final class ClientKeyFile {
    private let descriptor: Int32
    /// The key, in locked memory (the caller's `SecretBytes`, not a copy).
    private let key: SecretBytes
    /// What libpq's `sslkey` is set to.
    let path: String

    /// A memory file for `key`, empty until `whileFilled`.
    init(key: SecretBytes) throws(StoreError) {
        let descriptor = pinform_memfd_create("pinform-client-key")
        guard descriptor >= 0 else {
            throw .serverUnavailable(reason: tr("there is no memory file for the client key: {reason}",
                                                ["reason": String(cString: strerror(errno))]))
        }
        // libpq refuses a key that anyone but its owner may read.
        guard fchmod(descriptor, 0o600) == 0 else {
            close(descriptor)
            throw .serverUnavailable(reason: tr("there is no memory file for the client key: {reason}",
                                                ["reason": String(cString: strerror(errno))]))
        }
        self.descriptor = descriptor
        self.key = key
        path = "/proc/self/fd/\(descriptor)"
    }

    deinit {
        wipe()
        close(descriptor)
    }

    /// Runs `body` (libpq's connect or reset) with the key in the file, then wipes it.
    func whileFilled<T>(_ body: () -> T) -> T {
        fill()
        defer { wipe() }
        return body()
    }

    private func fill() {
        ftruncate(descriptor, 0)
        key.withBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var written = 0
            while written < bytes.count {
                let count = pwrite(descriptor, base + written, bytes.count - written, off_t(written))
                guard count > 0 else { return }
                written += count
            }
        }
    }

    /// Overwrites the key's bytes with zeros, then empties the file (its pages go back to the kernel).
    private func wipe() {
        let zeros = [UInt8](repeating: 0, count: key.count)
        _ = zeros.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        ftruncate(descriptor, 0)
    }
}
