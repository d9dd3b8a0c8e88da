import CSodium
import CSQLite

extension Database {
    /// SQLCipher's settings, fixed rather than left to the library's defaults so that a later
    /// SQLCipher (4.x changed every default) still opens the file the same way. They are
    /// SQLCipher 3.4's own: AES-256-CBC per 1024-byte page with a random IV, HMAC-SHA1 on
    /// every page, and, since the key is a raw 256-bit key, no passphrase derivation (the
    /// `kdf_iter` is only used for the HMAC key). The key file records them as
    /// `"database": "sqlcipher-3.4"`.
    static let cipherSettings = [
        "PRAGMA cipher_page_size = 1024",
        "PRAGMA kdf_iter = 64000",
        "PRAGMA cipher_use_hmac = ON",
    ]

    /// Keys the connection before anything is read: SQLCipher then encrypts every page of the
    /// file, its `-wal` and its journals; temporary tables and sorts stay in memory.
    ///
    /// The key goes to SQLCipher as the raw-key form `x'<64 hex digits>'`, built in secure
    /// memory and wiped at once; it is never part of an SQL string.
    func applyKey(_ key: SecretBytes?) throws(StoreError) {
        guard let connection = handle else { throw StoreError.closed(path: path) }
        if let key {
            let result = try Database.withRawKey(key) { rawKey in
                sqlite.keyV2(connection, "main", rawKey.baseAddress, Int32(rawKey.count))
            }
            guard result == SQLITE_OK else { throw error(code: result) }
            for setting in Database.cipherSettings {
                try executeScript(setting)
            }
        }
        // Sorts, indexes being built and temporary tables never touch the disk.
        try executeScript("PRAGMA temp_store = MEMORY")
    }

    /// Lends `x'<hex>'` for `key`, in secure memory wiped afterwards.
    static func withRawKey<R>(_ key: SecretBytes, _ body: (UnsafeRawBufferPointer) -> R) throws(StoreError) -> R {
        let length = 3 + 2 * key.count
        let text: SecretBytes
        do {
            // One byte more for the NUL that sodium_bin2hex writes.
            text = try SecretBytes(count: length + 1)
        } catch {
            throw StoreError.other(code: SQLITE_NOMEM, reason: error.message)
        }
        return text.withMutableBytes { buffer in
            let base = buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
            buffer[0] = UInt8(ascii: "x")
            buffer[1] = UInt8(ascii: "'")
            key.withBytes { bytes in
                _ = sodium.bin2hex(base + 2, 2 * key.count + 1, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count)
            }
            buffer[length - 1] = UInt8(ascii: "'")
            buffer[length] = 0
            return body(UnsafeRawBufferPointer(rebasing: buffer[..<length]))
        }
    }
}
