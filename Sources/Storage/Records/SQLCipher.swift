import CSQLite

/// SQLCipher's functions that Storage calls, from libsqlcipher (with libcrypto), opened
/// with `dlopen` when the first database is opened (`CLibrary`): not linked, so that neither is
/// loaded before the PIN window. Each field is the C function of the same name in
/// `<sqlcipher/sqlite3.h>` (`step` is `sqlite3_step`), typed from that header.
///
/// `Database.init` calls `SQLCipher.open()`, which throws `StoreError.libraryMissing` when the
/// library is not installed; every other call runs on a connection it opened and reaches the
/// functions through `sqlite`.
struct SQLCipher: @unchecked Sendable {
    /// The functions, loaded once (thread-safe) at the first use, or why they could not be.
    static let shared = Result { () throws(LibraryMissing) in
        try SQLCipher(CLibrary(SystemLibraryNames.sqlcipher.soname, package: SystemLibraryNames.sqlcipher.package))
    }

    /// Loads the library if it is not yet.
    static func open() throws(StoreError) {
        if case .failure(let missing) = shared { throw .libraryMissing(reason: missing.reason) }
    }

    let backupFinish: @convention(c) (OpaquePointer?) -> Int32
    let backupInit: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let backupStep: @convention(c) (OpaquePointer?, Int32) -> Int32
    let bindBlob64: @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?, sqlite3_uint64, (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) -> Int32
    let bindDouble: @convention(c) (OpaquePointer?, Int32, Double) -> Int32
    let bindInt64: @convention(c) (OpaquePointer?, Int32, sqlite3_int64) -> Int32
    let bindNull: @convention(c) (OpaquePointer?, Int32) -> Int32
    let bindText: @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, Int32, (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) -> Int32
    let bindText64: @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, sqlite3_uint64, (@convention(c) (UnsafeMutableRawPointer?) -> Void)?, UInt8) -> Int32
    let bindZeroblob: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let busyTimeout: @convention(c) (OpaquePointer?, Int32) -> Int32
    let changes: @convention(c) (OpaquePointer?) -> Int32
    let clearBindings: @convention(c) (OpaquePointer?) -> Int32
    let closeV2: @convention(c) (OpaquePointer?) -> Int32
    let columnBlob: @convention(c) (OpaquePointer?, Int32) -> UnsafeRawPointer?
    let columnBytes: @convention(c) (OpaquePointer?, Int32) -> Int32
    let columnCount: @convention(c) (OpaquePointer?) -> Int32
    let columnDouble: @convention(c) (OpaquePointer?, Int32) -> Double
    let columnInt64: @convention(c) (OpaquePointer?, Int32) -> sqlite3_int64
    let columnText: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<UInt8>?
    let columnType: @convention(c) (OpaquePointer?, Int32) -> Int32
    let dbReadonly: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let errcode: @convention(c) (OpaquePointer?) -> Int32
    let errmsg: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let exec: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32)?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32
    let extendedErrcode: @convention(c) (OpaquePointer?) -> Int32
    let extendedResultCodes: @convention(c) (OpaquePointer?, Int32) -> Int32
    let finalize: @convention(c) (OpaquePointer?) -> Int32
    let getAutocommit: @convention(c) (OpaquePointer?) -> Int32
    let keyV2: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeRawPointer?, Int32) -> Int32
    let lastInsertRowid: @convention(c) (OpaquePointer?) -> sqlite3_int64
    let openV2: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?) -> Int32
    let prepareV2: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    let reset: @convention(c) (OpaquePointer?) -> Int32
    let step: @convention(c) (OpaquePointer?) -> Int32
    let systemErrno: @convention(c) (OpaquePointer?) -> Int32
    let totalChanges: @convention(c) (OpaquePointer?) -> Int32

    /// The connection's last error message (`sqlite3_errmsg`), as text.
    func errorMessage(_ connection: OpaquePointer?) -> String {
        errmsg(connection).map { String(cString: $0) } ?? ""
    }

    private init(_ library: CLibrary) throws(LibraryMissing) {
        backupFinish = try library.function("sqlite3_backup_finish")
        backupInit = try library.function("sqlite3_backup_init")
        backupStep = try library.function("sqlite3_backup_step")
        bindBlob64 = try library.function("sqlite3_bind_blob64")
        bindDouble = try library.function("sqlite3_bind_double")
        bindInt64 = try library.function("sqlite3_bind_int64")
        bindNull = try library.function("sqlite3_bind_null")
        bindText = try library.function("sqlite3_bind_text")
        bindText64 = try library.function("sqlite3_bind_text64")
        bindZeroblob = try library.function("sqlite3_bind_zeroblob")
        busyTimeout = try library.function("sqlite3_busy_timeout")
        changes = try library.function("sqlite3_changes")
        clearBindings = try library.function("sqlite3_clear_bindings")
        closeV2 = try library.function("sqlite3_close_v2")
        columnBlob = try library.function("sqlite3_column_blob")
        columnBytes = try library.function("sqlite3_column_bytes")
        columnCount = try library.function("sqlite3_column_count")
        columnDouble = try library.function("sqlite3_column_double")
        columnInt64 = try library.function("sqlite3_column_int64")
        columnText = try library.function("sqlite3_column_text")
        columnType = try library.function("sqlite3_column_type")
        dbReadonly = try library.function("sqlite3_db_readonly")
        errcode = try library.function("sqlite3_errcode")
        errmsg = try library.function("sqlite3_errmsg")
        exec = try library.function("sqlite3_exec")
        extendedErrcode = try library.function("sqlite3_extended_errcode")
        extendedResultCodes = try library.function("sqlite3_extended_result_codes")
        finalize = try library.function("sqlite3_finalize")
        getAutocommit = try library.function("sqlite3_get_autocommit")
        keyV2 = try library.function("sqlite3_key_v2")
        lastInsertRowid = try library.function("sqlite3_last_insert_rowid")
        openV2 = try library.function("sqlite3_open_v2")
        prepareV2 = try library.function("sqlite3_prepare_v2")
        reset = try library.function("sqlite3_reset")
        step = try library.function("sqlite3_step")
        systemErrno = try library.function("sqlite3_system_errno")
        totalChanges = try library.function("sqlite3_total_changes")    }
}

/// SQLCipher's functions, for code running on a connection that `Database` opened: it called
/// `SQLCipher.open()` first, so the library is loaded (or that threw, and there is no connection).
let sqlite: SQLCipher = {
    switch SQLCipher.shared {
    case .success(let functions): return functions
    case .failure(let missing): fatalError("SQLCipher used before SQLCipher.open(): \(missing.detail)")
    }
}()
