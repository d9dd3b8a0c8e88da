import CSQLite
import Foundation

/// SQLite's "copy the bytes now" destructor, which the C macro `SQLITE_TRANSIENT` spells as -1.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One prepared statement, finalized on `deinit`; used by one thread, like its `Database`.
final class Statement {
    let handle: OpaquePointer
    private unowned let database: Database

    /// - Parameter persistent: kept for the connection's life (SQLite 3.15 has no
    ///   `sqlite3_prepare_v3` to say so; the flag only documents the caller's intent).
    init(database: Database, sql: String, persistent: Bool) throws(StoreError) {
        var handle: OpaquePointer?
        let result = sqlite.prepareV2(database.handle, sql, -1, &handle, nil)
        guard result == SQLITE_OK, let handle else {
            _ = sqlite.finalize(handle)
            throw database.error(code: result)
        }
        self.handle = handle
        self.database = database
    }

    deinit {
        _ = sqlite.finalize(handle)
    }

    /// Binds values to the parameters `?1`, `?2`, … in order.
    func bind(_ values: [SQLValue]) throws(StoreError) {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds one value to the parameter at a 1-based index.
    func bind(_ value: SQLValue, at index: Int32) throws(StoreError) {
        let result: Int32
        switch value {
        case .null:
            result = sqlite.bindNull(handle, index)
        case .integer(let number):
            result = sqlite.bindInt64(handle, index, number)
        case .real(let number):
            result = sqlite.bindDouble(handle, index, number)
        case .text(let text):
            result = bindText(text, at: index)
        case .blob(let bytes):
            result = bindBlob(bytes, at: index)
        }
        guard result == SQLITE_OK else { throw database.error(code: result) }
    }

    /// Binds UTF-8 bytes as text, e.g. encoded JSON, without making a `String` of them.
    func bindText(utf8 data: Data, at index: Int32) throws(StoreError) {
        let result = data.withUnsafeBytes { bytes in
            // A null pointer would bind NULL, so an empty buffer binds a literal empty string.
            bytes.isEmpty
                ? sqlite.bindText(handle, index, "", 0, transient)
                : sqlite.bindText64(
                    handle, index, bytes.baseAddress!.assumingMemoryBound(to: CChar.self),
                    UInt64(bytes.count), transient, UInt8(SQLITE_UTF8)
                )
        }
        guard result == SQLITE_OK else { throw database.error(code: result) }
    }

    private func bindText(_ text: String, at index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite.bindText(handle, index, "", 0, transient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite.bindText64(handle, index, $0, UInt64(bytes.count), transient, UInt8(SQLITE_UTF8))
            }
        }
    }

    private func bindBlob(_ bytes: [UInt8], at index: Int32) -> Int32 {
        // A null pointer would bind NULL, so an empty blob is bound as a zero-length blob.
        guard !bytes.isEmpty else { return sqlite.bindZeroblob(handle, index, 0) }
        return bytes.withUnsafeBytes {
            sqlite.bindBlob64(handle, index, $0.baseAddress, UInt64($0.count), transient)
        }
    }

    /// Runs the statement to its next row.
    ///
    /// - Returns: `true` when a row is ready to read, `false` when the statement is done.
    func step() throws(StoreError) -> Bool {
        let result = sqlite.step(handle)
        if result == SQLITE_ROW { return true }
        if result == SQLITE_DONE { return false }
        let error = database.error(code: result)
        _ = sqlite.reset(handle)
        throw error
    }

    /// Makes the statement ready to run again with new values.
    func reset() {
        _ = sqlite.reset(handle)
        _ = sqlite.clearBindings(handle)
    }

    var columnCount: Int32 { sqlite.columnCount(handle) }

    func isNull(at index: Int32) -> Bool {
        sqlite.columnType(handle, index) == SQLITE_NULL
    }

    func int64(at index: Int32) -> Int64 {
        sqlite.columnInt64(handle, index)
    }

    func double(at index: Int32) -> Double {
        sqlite.columnDouble(handle, index)
    }

    func string(at index: Int32) -> String {
        guard let text = sqlite.columnText(handle, index) else { return "" }
        let count = Int(sqlite.columnBytes(handle, index))
        return String(decoding: UnsafeRawBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Lends the column's bytes, as text, for the duration of `body`.
    func withBytes<T>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws(StoreError) -> T) throws(StoreError) -> T {
        guard let text = sqlite.columnText(handle, index) else {
            return try body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        let count = Int(sqlite.columnBytes(handle, index))
        return try body(UnsafeRawBufferPointer(start: text, count: count))
    }

    func value(at index: Int32) -> SQLValue {
        switch sqlite.columnType(handle, index) {
        case SQLITE_INTEGER:
            return .integer(int64(at: index))
        case SQLITE_FLOAT:
            return .real(double(at: index))
        case SQLITE_TEXT:
            return .text(string(at: index))
        case SQLITE_BLOB:
            let count = Int(sqlite.columnBytes(handle, index))
            guard let bytes = sqlite.columnBlob(handle, index), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            return .null
        }
    }
}
