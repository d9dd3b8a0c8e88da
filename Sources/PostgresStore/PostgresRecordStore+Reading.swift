import Foundation
import Storage

// Reading: records by identity, counts, sorted and searched lists.
extension PostgresRecordStore {
    /// The record with this identity, or `nil`.
    public func record(id: RecordID) throws(StoreError) -> Record<Model>? {
        try records(ids: [id]).first
    }

    /// The records with these identities, in the same order, leaving out those that are gone.
    public func records(ids: some Sequence<RecordID>) throws(StoreError) -> [Record<Model>] {
        let ids = Array(ids)
        guard !ids.isEmpty else { return [] }
        // Kept records at the stamp asked now (one small round trip); only the others are read.
        let keeps = recordCache.holds(at: connection.isInTransaction ? nil : try validCacheStamp())
        var byID: [RecordID: Record<Model>] = [:]
        let missing = keeps ? ids.filter { recordCache[$0] == nil } : ids
        if !missing.isEmpty {
            let rows = try connection.execute(
                "SELECT \(selectColumns) FROM \(quotedTable) WHERE id = ANY($1::bigint[])", [Self.array(missing)]
            ).rows
            for row in rows {
                let record = try decodeRecord(row)
                byID[record.id] = record
            }
            if keeps { recordCache.keep(byID.values) }
        }
        return ids.compactMap { byID[$0] ?? recordCache[$0] }
    }

    /// How many records match a search, or how many there are for `nil`.
    ///
    /// - Throws: `.searchTooLong` for a search of more than 32 words.
    public func count(matching search: String? = nil) throws(StoreError) -> Int {
        let terms = try SearchText.terms(search)
        guard terms.isEmpty else { return try currentSearchIndex().count(matching: terms.map { Array($0.utf8) }) }
        return try connection.execute("SELECT count(*) FROM \(quotedTable)").scalar.flatMap { Int($0) } ?? 0
    }

    /// Records in order, optionally only those matching a search, optionally one page (as
    /// `RecordStore.list`).
    public func list(
        sortedBy key: RecordSortKey = .id,
        ascending: Bool = true,
        search: String? = nil,
        limit: Int? = nil,
        offset: Int = 0
    ) throws(StoreError) -> [Record<Model>] {
        let terms = try SearchText.terms(search)
        if !terms.isEmpty {
            let ids = try ids(sortedBy: key, ascending: ascending, search: search)
            return try records(ids: RecordListCache<Int64>.page(of: ids, offset: offset, limit: limit))
        }
        let sql = "SELECT \(selectColumns) FROM \(quotedTable)" + (try orderClause(key, ascending: ascending))
            + " LIMIT $1::bigint OFFSET $2::bigint"
        return try connection.execute(sql, [limit.map { String(max($0, 0)) }, String(max(offset, 0))]).rows
            .map { row throws(StoreError) in try decodeRecord(row) }
    }

    /// The identities of the records `list` would return, without reading the records.
    public func ids(
        sortedBy key: RecordSortKey = .id,
        ascending: Bool = true,
        search: String? = nil
    ) throws(StoreError) -> [RecordID] {
        let terms = try SearchText.terms(search)
        let order = try orderClause(key, ascending: ascending)
        // The table's stamp is asked once per call: a keystroke is one round trip, not two.
        let stamp = try validCacheStamp()
        let sorted = try sortedIDs(orderedBy: order, at: stamp)
        guard !terms.isEmpty else { return sorted }
        return cache.matching(sorted, orderedBy: order, in: try currentSearchIndex(at: stamp), terms: terms)
    }

    /// Reads the search text of every record into memory now rather than at the first search.
    public func prepareSearch() throws(StoreError) {
        _ = try currentSearchIndex()
    }

    /// The version the server gave the record at its last change, or nil when it is gone: what
    /// a change notification carries, and what a save checks against.
    public func version(of id: RecordID) throws(StoreError) -> Int64? {
        try connection.execute("SELECT _version FROM \(quotedTable) WHERE id = $1::bigint", [id.description])
            .scalar.flatMap(Int64.init)
    }

    /// Drops what is held in memory, so that the next read asks the server: after another
    /// desk's change was announced.
    public func forgetCachedRecords() {
        dropCaches()
    }
}
