import Foundation
import PostgresStore
import Storage

/// The records database while unlocked: opened once with the data key the PIN unwrapped,
/// shared by every form window, closed (and the key dropped) when the app locks, and able to
/// move a damaged file aside and start afresh when the person asks — never on its own.
///
/// An older version's plaintext file is encrypted in place the first time it is opened
/// (`Database.encryptPlaintextFile(at:key:)`), and its `pin.hash` removed after that — except
/// in a folder that cannot be written, where it opens read-only as it is (`.notEncryptedYet`).
///
/// A file that cannot be written (a read-only folder or disk) or that a newer version wrote
/// opens read-only, so that the saved records still show; `readOnlyReason(for:)` says why.
/// A damaged file is moved aside only when the person asks, and never while another program
/// has it open.
///
/// When this desk joined a shared database (`SharedDatabase`, sealed in the key file), the
/// models' records are that server's (`PostgresRecordStore`), reached with the password the data
/// key unseals; locking closes the connection with the file.
@MainActor
public final class RecordsDatabase {
    /// The records file.
    public let file: URL
    let paths: AppPaths
    /// The data key, in locked memory, until `close()`.
    private var key: SecretBytes?
    /// The open connection, or nil before `openIfNeeded()` and after `close()`.
    public private(set) var database: Database?
    /// Why the database could not be opened, until it is.
    public private(set) var openError: StoreError?
    /// Why the whole file is open read-only, or nil when it can be written.
    public private(set) var fileReadOnlyReason: Database.ReadOnlyReason?
    /// A read-only connection for the tables a newer version wrote, opened when one is found.
    private var newerTablesDatabase: Database?
    /// Each model's store, made once per open database, under its model's type.
    var stores: [ObjectIdentifier: AnyObject] = [:]
    /// The saves kept while the shared database's server was away, in the sealed file.
    var outbox: SharedDatabaseOutbox?
    /// Told when a kept save, sent, met another desk's change of the same field.
    public var onKeptConflict: (@MainActor (SharedDatabaseKeptConflict) -> Void)?
    /// The shared database's session, while one is joined and open.
    public internal(set) var sharedConnection: PostgresConnection?
    /// The shared database this desk joined, read at the last open; nil for the local file only.
    public internal(set) var sharedEndpoint: PostgresEndpoint?
    /// The session that listens for other desks' changes, while shared.
    var listener: PostgresConnection?
    /// The shared database's password, in locked memory, while it is open: to listen again
    /// after the server dropped the listening session.
    var sharedPassword: SecretBytes?
    /// The client certificate's key, in locked memory, while it is open (as the password).
    var sharedClientKey: SecretBytes?
    /// Who is told of other desks' changes, by token.
    var changeObservers: [Int: @MainActor (Set<String>) -> Void] = [:]
    var nextObserverToken = 0
    /// Told the listening session's socket when it opens, and nil when it closes, so that the
    /// app's main loop can watch it (`receiveSharedChanges()` when it is readable).
    public var onListeningSocket: (@MainActor (Int32?) -> Void)?

    /// The records of the app's data folder, opened (on first use) with `key`.
    public init(paths: AppPaths, key: SecretBytes) {
        self.paths = paths
        self.key = key
        file = paths.recordsFile
    }

    /// Closes the file and wipes the key: until the next unlock, nothing can open it.
    public func close() {
        closeFile()
        key = nil
        openError = .closed(path: file.path)
    }

    /// Closes the file but keeps the key, so that opening it again reads it afresh (after a
    /// Retry, or once a damaged file was moved aside).
    public func closeFile() {
        stores.removeAll()
        outbox = nil
        sharedEndpoint = nil
        sharedConnection?.close()
        sharedConnection = nil
        sharedPassword = nil
        sharedClientKey = nil
        if listener != nil {
            listener?.close()
            listener = nil
            onListeningSocket?(nil)
        }
        database?.close()
        database = nil
        newerTablesDatabase?.close()
        newerTablesDatabase = nil
        fileReadOnlyReason = nil
        openError = nil
    }

    /// Opens the file unless it is open; on failure `openError` says why.
    public func openIfNeeded() {
        guard database == nil else { return }
        do {
            try paths.ensureExists()
        } catch {
            if case .cannotCreate(_, let reason) = error {
                openError = .cannotOpen(path: file.path, reason: reason)
            }
            return
        }
        guard let key else {
            openError = .closed(path: file.path)
            return
        }
        do {
            if Database.isPlaintextFile(at: file) {
                guard Database.canEncryptPlaintextFile(at: file) else {
                    // Not in a folder that cannot be written: shown as it is, changed in nothing.
                    database = try Database(at: file, readOnly: true)
                    fileReadOnlyReason = .notEncryptedYet
                    openError = nil
                    return
                }
                try Database.encryptPlaintextFile(at: file, key: key)
            }
            // A key rotation killed between its key file and its rename.
            Database.finishRekey(at: file, key: key)
            var (database, reason) = try Database.openPreferringWrite(at: file, key: key)
            if database.cipherFormat == .sqlcipher3, reason == nil {
                // Written on Debian 12: moved to SQLCipher 4's format once, all or nothing. When
                // that fails (a full disk), the records open as they are and it is tried again
                // at the next unlock.
                database.close()
                let moved: Bool
                do {
                    try Database.upgradeCipherFormat(at: file, key: key)
                    moved = true
                } catch {
                    moved = false
                }
                (database, reason) = try Database.openPreferringWrite(at: file, key: key)
                if moved, database.cipherFormat == .sqlcipher4 { try? KeyVault(paths: paths).recordCipherFormat(.sqlcipher4) }
            } else if database.cipherFormat == .sqlcipher4, reason == nil {
                // A move killed after the rename and before the key file was written.
                try? KeyVault(paths: paths).recordCipherFormat(.sqlcipher4)
            }
            self.database = database
            fileReadOnlyReason = reason
            openError = nil
            // The records are encrypted now: an older version's PIN hash has done its work.
            if reason == nil { try? KeyVault(paths: paths).finishUpgrade() }
            try openShared(key: key)
        } catch {
            // Never the local file in the shared database's place: nothing opens until it answers.
            if sharedEndpoint != nil { closeFile() }
            openError = error
        }
    }

    /// The store of `Model`'s records, made once per open database. A table a newer version
    /// wrote is opened on a read-only connection, changing nothing in it.
    public func store<Model: RecordModel>(_ model: Model.Type) throws(StoreError) -> any RecordStoring<Model> {
        openIfNeeded()
        guard let database else { throw openError ?? .closed(path: file.path) }
        if let store = stores[ObjectIdentifier(Model.self)] as? any RecordStoring<Model> { return store }
        if let sharedConnection {
            return try sharedStore(Model.self, on: sharedConnection, keepingIn: database)
        }
        let store: RecordStore<Model>
        do {
            store = try RecordStore<Model>(database: database, table: Model.table, columns: Model.storeColumns, version: Model.layoutVersion)
        } catch .newerSchema {
            let reader: Database
            if let newerTablesDatabase {
                reader = newerTablesDatabase
            } else {
                reader = try Database(at: file, readOnly: true, key: fileReadOnlyReason == .notEncryptedYet ? nil : key)
                newerTablesDatabase = reader
            }
            store = try RecordStore<Model>(database: reader, table: Model.table, columns: Model.storeColumns, version: Model.layoutVersion)
        }
        stores[ObjectIdentifier(Model.self)] = store
        return store
    }

    /// Why a store can only be read, or nil when it can be written.
    public func readOnlyReason<Model: Codable>(for store: any RecordStoring<Model>) -> Database.ReadOnlyReason? {
        if let shared = (store as? SharedDatabaseStore<Model>)?.shared {
            return shared.isReadOnly ? .sharedRoleReadsOnly(role: shared.role) : nil
        }
        guard let store = store as? RecordStore<Model> else { return store.isReadOnly ? .cannotWrite : nil }
        if store.isFromNewerVersion || store.database.isFromNewerVersion { return .newerVersion }
        if store.database.isReadOnly { return fileReadOnlyReason ?? .cannotWrite }
        return nil
    }

    /// Closes the file, renames it (with its `-wal`, `-shm` and `-journal` files) to
    /// `records.sqlite.damaged-<time>` and opens a new, empty one.
    ///
    /// - Returns: where the old file went, or nil when there was none.
    /// - Throws: `.inUse` when another program has the file open: nothing is moved, and the
    ///   file is opened again as it was.
    @discardableResult
    public func moveAsideAndStartFresh() throws(StoreError) -> URL? {
        closeFile()
        let moved: URL?
        do {
            moved = try Database.moveAside(fileAt: file)
        } catch {
            openIfNeeded()
            throw error
        }
        openIfNeeded()
        if let openError, database == nil { throw openError }
        return moved
    }
}
