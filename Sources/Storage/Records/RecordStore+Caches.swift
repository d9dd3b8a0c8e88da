import CSQLite
import Foundation

// What the store keeps in memory between reads — the sorted ids and the search index — and
// when it must read them again (another connection's commit, a change outside the store).
extension RecordStore {
    /// The stamp the caches are valid for now, after dropping them if the file changed since
    /// they were read; `nil` inside a transaction, whose changes may yet be rolled back, when
    /// nothing is cached.
    func validCacheStamp() throws(StoreError) -> CacheStamp? {
        cache.validate(try currentStamp())
    }

    func currentStamp() throws(StoreError) -> CacheStamp? {
        guard let handle = database.handle, sqlite.getAutocommit(handle) != 0 else { return nil }
        guard case .integer(let dataVersion)? = try database.rows("PRAGMA data_version").first?.first else { return nil }
        return CacheStamp(dataVersion: dataVersion, changes: sqlite.totalChanges(handle) &- database.uncountedChanges)
    }

    func dropCaches() {
        cache.drop()
    }

    /// Runs a write in a transaction, then brings the search index up to date with `patch`
    /// when nothing else changed the file meanwhile, or drops it.
    func write<T>(
        _ body: () throws(StoreError) -> T,
        patch: (inout SearchIndex, T) -> Void
    ) throws(StoreError) -> T {
        guard !isMissing, unwrittenColumns.isEmpty else { throw StoreError.readOnly(path: database.path) }
        let before = try? currentStamp()
        let isCurrent = before != nil && before == cacheStamp
        let result = try database.storeTransaction(body)
        let after = try? currentStamp()
        cache.wrote(result, wasCurrent: isCurrent && after != nil && after?.dataVersion == before?.dataVersion, now: after, patch: patch)
        return result
    }

    func sortedIDs(orderedBy order: String) throws(StoreError) -> [RecordID] {
        let stamp = try validCacheStamp()
        return try cache.sortedIDs(orderedBy: order, at: stamp) { () throws(StoreError) in
            try database.withStatement("SELECT id FROM \(quotedTable)" + order) { statement throws(StoreError) in
                var ids: [RecordID] = []
                while try statement.step() {
                    ids.append(RecordID(statement.int64(at: 0)))
                }
                return ids
            }
        }
    }

    func currentSearchIndex() throws(StoreError) -> SearchIndex {
        let stamp = try validCacheStamp()
        return try cache.searchIndex(at: stamp) { () throws(StoreError) in try loadSearchIndex() }
    }

    func loadSearchIndex() throws(StoreError) -> SearchIndex {
        var index = SearchIndex()
        let refolds = refoldsOnLoad
        try database.withStatement("SELECT id, _search FROM \(quotedTable)") { statement throws(StoreError) in
            while try statement.step() {
                let id = statement.int64(at: 0)
                if refolds {
                    index.set(SearchText.fold(statement.string(at: 1)).utf8, for: id)
                } else {
                    try statement.withBytes(at: 1) { bytes throws(StoreError) in index.set(bytes, for: id) }
                }
            }
        }
        return index
    }
}
