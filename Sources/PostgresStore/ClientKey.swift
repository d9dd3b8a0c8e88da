#if canImport(Glibc)
import Glibc
#endif
import Localization
import Storage

/// Reads a client certificate's private key file (unencrypted PEM) straight into locked memory,
/// to be sealed under the PIN: the buffer it passes through is wiped, and nothing of it is kept
/// elsewhere. The file itself is the person's; Pinform never writes one.
public enum ClientKey {
    /// The largest key file read (an RSA 8192-bit key in PEM is about 6 KiB).
    static let largest = 64 * 1024

    /// The key in `path`.
    ///
    /// - Throws: `.serverRefused` in plain words when the file cannot be read, is not a PEM
    ///   private key, or is encrypted with a passphrase.
    public static func read(contentsOf path: String) throws(StoreError) -> SecretBytes {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .serverRefused(reason: tr("the client key “{path}” could not be read: {reason}",
                                            ["path": path, "reason": String(cString: strerror(errno))]))
        }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: largest + 1, alignment: 1)
        defer {
            explicit_bzero(buffer.baseAddress!, buffer.count)
            buffer.deallocate()
        }
        var count = 0
        while count <= largest {
            let read = Glibc.read(descriptor, buffer.baseAddress! + count, largest + 1 - count)
            guard read > 0 else { break }
            count += read
        }
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<count]).bindMemory(to: UInt8.self)
        guard count <= largest, contains("-----BEGIN ", in: bytes), contains("PRIVATE KEY-----", in: bytes) else {
            throw .serverRefused(reason: tr("“{path}” is not a private key in PEM form", ["path": path]))
        }
        guard !contains("ENCRYPTED", in: bytes) else {
            throw .serverRefused(reason: tr("the client key is protected by a passphrase; save it without one (openssl pkey -in KEY -out NEW-KEY) and choose that file"))
        }
        do {
            return try SecretBytes(copying: bytes)
        } catch {
            throw .serverRefused(reason: error.message)
        }
    }

    private static func contains(_ text: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if (0..<needle.count).allSatisfy({ bytes[start + $0] == needle[$0] }) { return true }
        }
        return false
    }
}
