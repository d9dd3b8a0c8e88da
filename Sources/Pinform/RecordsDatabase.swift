import Foundation
import Storage

/// The records database while unlocked: opened once with the data key the PIN unwrapped,
/// shared by every form window, closed (and the key dropped) when the app locks, and able to
/// move a damaged file aside and start afresh when the person asks — never on its own.
///
/// An older version's plaintext file is encrypted in place the first time it is opened
/// (`Database.encryptPlaintextFile(at:key:)`), and its `pin.hash` removed after that.
@MainActor
final class RecordsDatabase {
    /// The records file.
    let file: URL
    private let paths: AppPaths
    /// The data key, in locked memory, until `close()`.
    private var key: SecretBytes?
    private(set) var database: Database?
    /// Why the database could not be opened, until it is.
    private(set) var openError: StoreError?
    /// Whether the file could be opened for reading only (a read-only file or folder).
    private(set) var isReadOnly = false
    private var stores: [String: AnyObject] = [:]

    init(paths: AppPaths, key: SecretBytes) {
        self.paths = paths
        self.key = key
        file = paths.recordsFile
    }

    /// Closes the file and wipes the key: until the next unlock, nothing can open it.
    func close() {
        stores.removeAll()
        database?.close()
        database = nil
        key = nil
        openError = .closed(path: file.path)
    }

    /// Opens the file unless it is open; on failure `openError` says why.
    func openIfNeeded() {
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
                try Database.encryptPlaintextFile(at: file, key: key)
            }
            database = try Database(at: file, key: key)
            isReadOnly = false
            openError = nil
            // The records are encrypted now: an older version's PIN hash has done its work.
            try? KeyVault(paths: paths).finishUpgrade()
        } catch .readOnly {
            // Saved records still show; saving says it cannot.
            openReadOnly()
        } catch {
            openError = error
        }
    }

    private func openReadOnly() {
        do {
            database = try Database(at: file, readOnly: true, key: key)
            isReadOnly = true
            openError = .readOnly(path: file.path)
        } catch {
            openError = error
        }
    }

    /// The store of `Model`'s records, made once per open database.
    func store<Model: RecordModel>(_ model: Model.Type) throws(StoreError) -> RecordStore<Model> {
        openIfNeeded()
        guard let database else { throw openError ?? .closed(path: file.path) }
        if let store = stores[Model.table] as? RecordStore<Model> { return store }
        let store = try RecordStore<Model>(database: database, table: Model.table, columns: Model.storeColumns)
        stores[Model.table] = store
        return store
    }

    /// Closes the file, renames it (with its journal files) to `records.sqlite.damaged-<time>`
    /// and opens a new, empty one.
    /// - Returns: where the old file went, or nil when there was none.
    @discardableResult
    func moveAsideAndStartFresh() throws(StoreError) -> URL? {
        stores.removeAll()
        database?.close()
        database = nil
        let moved = try Database.moveAside(fileAt: file)
        openIfNeeded()
        if let openError, database == nil { throw openError }
        return moved
    }
}
