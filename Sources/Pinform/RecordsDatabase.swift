import Foundation
import Storage

/// The records database of this run: opened once, shared by every form window, and able to
/// move a damaged file aside and start afresh when the person asks — never on its own.
@MainActor
final class RecordsDatabase {
    /// The records file.
    let file: URL
    private let paths: AppPaths
    private(set) var database: Database?
    /// Why the database could not be opened, until it is.
    private(set) var openError: StoreError?
    /// Whether the file could be opened for reading only (a read-only file or folder).
    private(set) var isReadOnly = false
    private var stores: [String: AnyObject] = [:]

    init(paths: AppPaths) {
        self.paths = paths
        file = paths.recordsFile
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
        do {
            database = try Database(at: file)
            isReadOnly = false
            openError = nil
        } catch .readOnly {
            // Saved records still show; saving says it cannot.
            openReadOnly()
        } catch {
            openError = error
        }
    }

    private func openReadOnly() {
        do {
            database = try Database(at: file, readOnly: true)
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

    /// The database of this run, shared by every window.
    static func shared(paths: AppPaths) -> RecordsDatabase {
        if let instance { return instance }
        let database = RecordsDatabase(paths: paths)
        instance = database
        return database
    }

    private static var instance: RecordsDatabase?
}

extension PinformApplication {
    /// The records database, opened on first use after unlocking.
    var records: RecordsDatabase { RecordsDatabase.shared(paths: paths) }
}
