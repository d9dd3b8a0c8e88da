import PostgresStore
import Storage

/// A shared table's store that brings what it holds in memory up to date with the records other
/// desks' notifications named, instead of reading the whole list and search index again.
protocol SharedDatabaseCatchingUp: AnyObject {
    /// The table whose notifications it takes.
    var table: String { get }
    /// Catches up with these records' changes; on a failure the next read asks the server.
    func catchUp(changed ids: [RecordID])
}

extension SharedDatabaseStore: SharedDatabaseCatchingUp {
    func catchUp(changed ids: [RecordID]) {
        do {
            try shared.catchUp(changed: ids)
        } catch {
            shared.forgetCachedRecords()
        }
        for watcher in otherDesksWatchers.values { watcher(ids) }
    }

    /// Calls `body` with the identities of the records another desk added, saved or deleted,
    /// each time their notifications come (after the store caught up with them).
    ///
    /// - Returns: a token for `stopObservingOtherDesks(_:)`.
    public func observeOtherDesks(_ body: @escaping ([RecordID]) -> Void) -> Int {
        nextWatcherToken += 1
        otherDesksWatchers[nextWatcherToken] = body
        return nextWatcherToken
    }

    /// Stops calling a watcher.
    public func stopObservingOtherDesks(_ token: Int) {
        otherDesksWatchers[token] = nil
    }

    /// The role of the desk that changed the record last, as the server's history says (nil
    /// when it cannot be read).
    public func lastChangedBy(_ id: RecordID) -> String? {
        (try? shared.history(of: id))?.last?.by
    }
}

extension RecordsDatabase {
    /// The open shared stores catch up with the identities each table's notifications carried.
    func catchUpSharedStores(_ changed: [String: [RecordID]]) {
        guard !changed.isEmpty else { return }
        for case let store as any SharedDatabaseCatchingUp in stores.values {
            if let ids = changed[store.table] { store.catchUp(changed: ids) }
        }
    }
}
