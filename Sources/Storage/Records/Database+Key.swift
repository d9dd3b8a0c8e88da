import CSodium
import CSQLite

extension Database {
    /// Keys the connection before anything is read: SQLCipher then encrypts every page of the
    /// file, its `-wal` and its journals; temporary tables and sorts stay in memory.
    ///
    /// The key goes to SQLCipher as the raw-key form `x'<64 hex digits>'`, built in secure
    /// memory and wiped at once; it is never part of an SQL string. `format`'s settings are
    /// set by name (`cipher_compatibility`) rather than left to the library's defaults, which
    /// each major version of SQLCipher changes.
    func applyKey(_ key: SecretBytes?, format: CipherFormat) throws(StoreError) {
        guard let connection = handle else { throw StoreError.closed(path: path) }
        if let key {
            let result = try Database.withRawKey(key) { rawKey in
                sqlite.keyV2(connection, "main", rawKey.baseAddress, Int32(rawKey.count))
            }
            guard result == SQLITE_OK else { throw error(code: result) }
            // SQLCipher would print a line on standard error for each page it cannot read, also
            // when trying a file with SQLCipher 4's settings before SQLCipher 3's; failures are
            // reported through their result codes. After the key: SQLCipher sets its logging
            // up when it is first keyed.
            try executeScript("PRAGMA cipher_log_level = NONE")
            try executeScript("PRAGMA cipher_compatibility = \(format.compatibility)")
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

    /// Opens a connection to `name`, with extended result codes on.
    static func openConnection(_ name: String, flags: Int32, path: String) throws(StoreError) -> OpaquePointer {
        var connection: OpaquePointer?
        let result = sqlite.openV2(name, &connection, flags, nil)
        guard result == SQLITE_OK, let connection else {
            let error = StoreError.sqlite(
                code: connection.map { sqlite.extendedErrcode($0) } ?? result,
                message: connection.map { sqlite.errorMessage($0) } ?? "out of memory",
                systemError: connection.map { sqlite.systemErrno($0) } ?? 0,
                path: path
            )
            if let connection { _ = sqlite.closeV2(connection) }
            throw error
        }
        _ = sqlite.extendedResultCodes(connection, 1)
        return connection
    }

    /// Whether the first page cannot be read as a database with the connection's key and
    /// settings (SQLCipher says `SQLITE_NOTADB`).
    func readsNothing() -> Bool {
        guard let connection else { return false }
        return sqlite.exec(connection, "SELECT count(*) FROM sqlite_master", nil, nil, nil) & 0xFF == SQLITE_NOTADB
    }
}
