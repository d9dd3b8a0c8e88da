#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite
import Foundation

/// One connection to an SQLite database file, used from one thread (the main thread in the app).
///
/// Opening sets the file up for safe saving: write-ahead logging, `synchronous=FULL`, foreign
/// keys on, and a busy timeout so a short lock by another program is waited out. Every change
/// goes through a transaction; `migrations` bring the schema (`PRAGMA user_version`) up to date
/// in one transaction when the file is opened.
///
/// `synchronous=FULL` is chosen over `NORMAL`: in WAL mode `NORMAL` already keeps every commit
/// across a killed process, but `FULL` also keeps it across a power cut, at the cost of one
/// `fsync` per commit — nothing at the rate a person saves records. So once a save returns,
/// the window may say the record is saved.
///
/// ```swift
/// let database: Database
/// do {
///     database = try Database(at: paths.recordsFile)
/// } catch where error.offersFreshStart {
///     // Show error.message; if the person agrees:
///     try Database.moveAside(fileAt: paths.recordsFile)
///     database = try Database(at: paths.recordsFile)
/// }
/// ```
public final class Database {
    /// The name of the records file in the data folder.
    public static let fileName = "records.sqlite"

    /// The file's path, or `:memory:`, as error messages show it.
    public let path: String

    /// The connection; `nil` once closed.
    private(set) var connection: OpaquePointer?

    /// Prepared statements by SQL text, kept for the life of the connection.
    private var statements: [String: Statement] = [:]

    /// Rows changed through this connection that no record store needs to know of (drafts,
    /// `DraftStore`): the stores' caches stay valid across them.
    var uncountedChanges: Int32 = 0

    /// How many transactions are open inside each other; inner ones are savepoints.
    private var transactionDepth = 0

    /// Opens the database file, creating it when missing, and applies pending migrations.
    ///
    /// - Parameters:
    ///   - url: the file; its folder must exist (see `AppPaths.ensureExists()`).
    ///   - readOnly: open without write access, e.g. to look at a file moved aside.
    ///   - key: the 256-bit data key the file is encrypted with (see `KeyVault`); `nil` only
    ///     for a plaintext file (an older version's, to encrypt it, or a benchmark's).
    ///   - busyTimeout: how long to wait for another program's lock before failing with `.busy`.
    ///   - migrations: the schema's history, oldest first; see `Migration`.
    /// - Throws: `.corrupt`, `.busy`, `.cannotOpen`, `.readOnly`, `.newerSchema`, `.diskFull`
    ///   or `.other` (also for a migration that throws something else than a `StoreError`);
    ///   the file is never removed when opening fails.
    public convenience init(
        at url: URL,
        readOnly: Bool = false,
        key: SecretBytes? = nil,
        busyTimeout: Duration = .seconds(2),
        migrations: [Migration] = []
    ) throws(StoreError) {
        try Database.refuseWhatIsNotAPlainFile(at: url.path)
        do {
            try self.init(path: url.path, readOnly: readOnly, key: key, busyTimeout: busyTimeout, migrations: migrations)
        } catch .cannotOpen where readOnly {
            // A folder that cannot be written (a read-only file system) has no room for the
            // `-shm` file that SQLite 3.15 needs to read a WAL database, and nothing can be
            // writing to it. With no log left, read the main file as it is; with one, read a
            // private copy of both, so that no committed record is missed.
            guard Database.hasUncheckpointedLog(at: url.path) else {
                try self.init(path: url.path, readOnly: true, key: key, busyTimeout: busyTimeout, migrations: migrations,
                              immutable: true)
                return
            }
            let copy = try Database.snapshot(of: url.path)
            try self.init(path: url.path, readOnly: true, key: key, busyTimeout: busyTimeout, migrations: migrations,
                          snapshot: copy)
        }
    }

    /// A database in memory, gone when closed; for tests and previews.
    public static func inMemory(migrations: [Migration] = []) throws(StoreError) -> Database {
        try Database(path: ":memory:", readOnly: false, key: nil, busyTimeout: .zero, migrations: migrations)
    }

    /// - Parameters:
    ///   - immutable: read the file as one nothing changes (SQLite's `immutable=1`).
    ///   - snapshot: read this copy of the file instead, named as `path` in messages; its folder
    ///     is removed when the connection closes.
    ///   - format: the settings to use, without trying SQLCipher 4's first (tests write files
    ///     as Pinform on Debian 12 did with `.sqlcipher3`).
    init(
        path: String, readOnly: Bool, key: SecretBytes?, busyTimeout: Duration, migrations: [Migration],
        immutable: Bool = false,
        snapshot: String? = nil,
        format: CipherFormat? = nil
    ) throws(StoreError) {
        self.path = path
        try SQLCipher.open()
        snapshotFolder = snapshot.map { ($0 as NSString).deletingLastPathComponent }
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let opened = snapshot ?? path
        let name = immutable ? Database.uri(opened) + "?immutable=1" : opened
        let writes = !readOnly && snapshot == nil && !immutable
        if writes { Database.restrictToOwner(at: path, creating: true) }
        let flags = access | SQLITE_OPEN_NOMUTEX | (immutable ? SQLITE_OPEN_URI : 0)
        do {
            connection = try Database.openConnection(name, flags: flags, path: path)
        } catch {
            snapshotFolder.map { try? FileManager.default.removeItem(atPath: $0) }
            throw error
        }
        try applyKey(key, format: format ?? .sqlcipher4)
        cipherFormat = format ?? .sqlcipher4
        // A file SQLCipher 4's settings cannot read may be one written with SQLCipher 3's (by
        // Pinform on Debian 12): read again with those, on a new connection, as SQLCipher
        // allows one set of settings per connection. When neither reads it, the statements
        // below say the file is damaged.
        if key != nil, format == nil, readsNothing() {
            _ = sqlite.closeV2(connection)
            connection = nil
            connection = try Database.openConnection(name, flags: flags, path: path)
            try applyKey(key, format: .sqlcipher3)
            cipherFormat = .sqlcipher3
        }
        let (seconds, attoseconds) = busyTimeout.components
        _ = sqlite.busyTimeout(connection, Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        // Reading the journal mode reads the file's header, so a file that is not a database
        // fails here; the schema query then parses the schema, so a damaged one fails too.
        if !readOnly {
            try execute("PRAGMA journal_mode=WAL")
        }
        try execute("PRAGMA synchronous=FULL")
        try execute("PRAGMA foreign_keys=ON")
        // 16 MiB instead of SQLite's 2 MiB, so that saving many records with several indexes
        // does not spill half-written pages to the log and read them back.
        try execute("PRAGMA cache_size=-16384")
        _ = try rows("SELECT count(*) FROM sqlite_master")
        // The log and its index exist now; an earlier build's may be 0644.
        if writes { Database.restrictToOwner(at: path, creating: false) }
        try migrate(migrations)
    }

    deinit {
        close()
    }

    /// Closes the connection; any later use fails. Closing twice does nothing.
    public func close() {
        statements.removeAll()
        // No connection, no SQLCipher call: an initializer that failed because the library
        // could not be loaded ends here too, through `deinit`.
        if let connection { _ = sqlite.closeV2(connection) }
        connection = nil
        if let snapshotFolder {
            try? FileManager.default.removeItem(atPath: snapshotFolder)
            self.snapshotFolder = nil
        }
    }

    /// The private folder of the copy this connection reads, if it reads one.
    private var snapshotFolder: String?

    var handle: OpaquePointer? { connection }

    /// Whether the connection can only read: opened read-only, or the file or its folder
    /// cannot be written.
    public var isReadOnly: Bool {
        connection.map { sqlite.dbReadonly($0, "main") == 1 } ?? true
    }

    /// Whether the file was written by a newer version: it has had more migrations than this
    /// version knows. Such a file opens only read-only.
    public private(set) var isFromNewerVersion = false

    /// The SQLCipher settings the file is read with: SQLCipher 4's, or SQLCipher 3's for a file
    /// not yet moved to 4's format (`upgradeCipherFormat(at:key:progress:)`). Plaintext and
    /// in-memory databases say `.sqlcipher4`, the format they would be encrypted in.
    public private(set) var cipherFormat = CipherFormat.sqlcipher4

    // MARK: Running SQL

    /// Runs one SQL statement that returns no rows, with values for its `?` parameters.
    ///
    /// ```swift
    /// try database.execute("UPDATE note SET stars = ? WHERE id = ?", [.integer(5), .integer(1)])
    /// ```
    ///
    /// For Storage itself and its tests (`@_spi(Testing) import Storage`): other callers go
    /// through `RecordStore`.
    @_spi(Testing) public func execute(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) {
        try withStatement(sql) { statement throws(StoreError) in
            try statement.bind(values)
            while try statement.step() {}
        }
    }

    /// Runs several SQL statements separated by semicolons, without parameters.
    public func executeScript(_ sql: String) throws(StoreError) {
        guard let connection else { throw StoreError.closed(path: path) }
        let result = sqlite.exec(connection, sql, nil, nil, nil)
        guard result == SQLITE_OK else { throw error(code: result) }
    }

    /// Runs one SQL query and returns all its rows.
    public func rows(_ sql: String, _ values: [SQLValue] = []) throws(StoreError) -> [[SQLValue]] {
        try withStatement(sql) { statement throws(StoreError) in
            try statement.bind(values)
            var rows: [[SQLValue]] = []
            while try statement.step() {
                // Counted after stepping: a cached `PRAGMA table_info` prepared before its table
                // existed is prepared again by the step, with columns this time.
                rows.append((0..<statement.columnCount).map { statement.value(at: $0) })
            }
            return rows
        }
    }

    /// The rowid of the last row inserted through this connection.
    public var lastInsertedRowID: Int64 {
        connection.map { sqlite.lastInsertRowid($0) } ?? 0
    }

    /// How many rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    public var changes: Int {
        connection.map { Int(sqlite.changes($0)) } ?? 0
    }

    /// Runs `body` with the cached prepared statement for `sql`, reset afterwards.
    func withStatement<T>(_ sql: String, _ body: (Statement) throws(StoreError) -> T) throws(StoreError) -> T {
        let statement = try prepared(sql)
        defer { statement.reset() }
        return try body(statement)
    }

    private func prepared(_ sql: String) throws(StoreError) -> Statement {
        if let statement = statements[sql] { return statement }
        guard connection != nil else { throw StoreError.closed(path: path) }
        let statement = try Statement(database: self, sql: sql, persistent: true)
        statements[sql] = statement
        return statement
    }

    /// Forgets prepared statements, which a schema change would make SQLite prepare again anyway.
    func forgetStatements() {
        statements.removeAll()
    }

    /// The error for a failed SQLite call on this connection.
    func error(code: Int32) -> StoreError {
        guard let connection else { return .closed(path: path) }
        let extended = sqlite.extendedErrcode(connection)
        return StoreError.sqlite(
            code: extended & 0xFF == code & 0xFF ? extended : code,
            message: sqlite.errorMessage(connection),
            systemError: sqlite.systemErrno(connection),
            path: path
        )
    }

    // MARK: Transactions

    /// Runs `body` in a transaction: all of its changes are saved together, or, when it
    /// throws, none of them, and its error is rethrown. A transaction inside another becomes a
    /// savepoint of it.
    ///
    /// The outermost transaction starts with `BEGIN IMMEDIATE`, taking the write lock at once,
    /// so that waiting for another program happens before any work and not at `COMMIT`.
    ///
    /// ```swift
    /// try database.transaction {
    ///     try people.delete(id: old)
    ///     try people.insert(replacement)
    /// }
    /// ```
    ///
    /// - Throws: what `body` throws, or a `StoreError` when beginning or committing fails.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try inTransaction(body) { $0 }
    }

    /// `transaction(_:)` for bodies that throw only `StoreError`, keeping the error's type.
    @discardableResult
    func storeTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try inTransaction(body) { $0 }
    }

    /// The one body of both: begins, runs `body`, commits; rolls back when `body` or the
    /// commit throws. A failure to begin or commit is thrown as `storeError(_:)` makes it.
    private func inTransaction<T, Failure: Error>(
        _ body: () throws(Failure) -> T, storeError: (StoreError) -> Failure
    ) throws(Failure) -> T {
        let depth: Int
        do { depth = try begin() } catch { throw storeError(error) }
        defer { transactionDepth -= 1 }
        let result: T
        do {
            result = try body()
        } catch {
            rollBack(depth: depth)
            throw error
        }
        do {
            try commit(depth: depth)
        } catch {
            rollBack(depth: depth)
            throw storeError(error)
        }
        return result
    }

    /// Begins a transaction, or a savepoint inside one, and returns its depth.
    private func begin() throws(StoreError) -> Int {
        let depth = transactionDepth
        // A read-only connection begins a deferred transaction: SQLite 3.15 refuses
        // `BEGIN IMMEDIATE` there even when nothing is written.
        let outer = connection.map { sqlite.dbReadonly($0, "main") == 1 } == true ? "BEGIN" : "BEGIN IMMEDIATE"
        try execute(depth == 0 ? outer : "SAVEPOINT pinform_\(depth)")
        transactionDepth += 1
        return depth
    }

    private func commit(depth: Int) throws(StoreError) {
        try execute(depth == 0 ? "COMMIT" : "RELEASE pinform_\(depth)")
    }

    private func rollBack(depth: Int) {
        // After some errors (a full disk among them) SQLite has already rolled back the whole
        // transaction; rolling back again would only fail.
        guard let connection, sqlite.getAutocommit(connection) == 0 else { return }
        if depth == 0 {
            try? execute("ROLLBACK")
        } else {
            try? execute("ROLLBACK TO pinform_\(depth)")
            try? execute("RELEASE pinform_\(depth)")
        }
    }

    // MARK: Schema

    /// The schema version: how many of the migrations have been applied.
    public var userVersion: Int {
        get throws(StoreError) {
            guard case .integer(let version)? = try rows("PRAGMA user_version").first?.first else { return 0 }
            return Int(version)
        }
    }

    /// Applies the migrations the file has not had yet, in order, in one transaction, and
    /// records how many it has had in `PRAGMA user_version`.
    ///
    /// - Throws: `.newerSchema` when the file has had more migrations than `migrations` holds;
    ///   the `StoreError` a failing migration throws (other errors become `.other`), after
    ///   which the file is as it was.
    public func migrate(_ migrations: [Migration]) throws(StoreError) {
        let applied = try userVersion
        guard applied <= migrations.count else {
            // Reading a newer file changes nothing in it; writing might lose what this version
            // does not know.
            guard isReadOnly else {
                throw StoreError.newerSchema(path: path, found: applied, supported: migrations.count)
            }
            isFromNewerVersion = true
            return
        }
        guard applied < migrations.count else { return }
        try storeTransaction { () throws(StoreError) in
            for migration in migrations[applied...] {
                do {
                    try migration.apply(self)
                } catch let error as StoreError {
                    throw error
                } catch {
                    throw StoreError.other(code: SQLITE_ERROR, reason: "migration “\(migration.name)” failed: \(error)")
                }
            }
            try execute("PRAGMA user_version = \(migrations.count)")
        }
        forgetStatements()
    }

    /// What `PRAGMA integrity_check` finds: `["ok"]` for a sound file, else one line per problem.
    public func integrityCheck() throws(StoreError) -> [String] {
        try rows("PRAGMA integrity_check").map { row in
            if case .text(let line)? = row.first { return line }
            return ""
        }
    }
}
