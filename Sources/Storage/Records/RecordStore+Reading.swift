import Foundation

// Reading: a record by identity, several by identities, counts, sorted and searched lists (the
// search served from the in-memory index, see RecordStore+Caches).
extension RecordStore {
    /// The record with this identity, or `nil` when there is none.
    public func record(id: RecordID) throws(StoreError) -> Record<Model>? {
        guard !isMissing else { return nil }
        return try database.withStatement(selectByIDSQL) { statement throws(StoreError) -> Record<Model>? in
            try statement.bind(.integer(id.rawValue), at: 1)
            guard try statement.step() else { return nil }
            return try decodeRecord(statement)
        }
    }

    /// The records with these identities, in the same order; identities with no record
    /// (deleted meanwhile) are left out.
    ///
    /// A list view of many rows holds `ids(sortedBy:ascending:search:)` and asks for the
    /// records of the rows that scroll into view.
    public func records(ids: some Sequence<RecordID>) throws(StoreError) -> [Record<Model>] {
        guard !isMissing else { return [] }
        var records: [Record<Model>] = []
        records.reserveCapacity(ids.underestimatedCount)
        try database.withStatement(selectByIDSQL) { statement throws(StoreError) in
            for id in ids {
                try statement.bind(.integer(id.rawValue), at: 1)
                if try statement.step() {
                    records.append(try decodeRecord(statement))
                }
                statement.reset()
            }
        }
        return records
    }

    /// How many records match a search (see `list`), or how many there are for `nil`.
    ///
    /// - Throws: `.searchTooLong` for a search of more than 32 words.
    public func count(matching search: String? = nil) throws(StoreError) -> Int {
        let terms = try SearchText.terms(search)
        guard !isMissing else { return 0 }
        guard terms.isEmpty else { return try currentSearchIndex().count(matching: terms.map { Array($0.utf8) }) }
        return try database.withStatement("SELECT count(*) FROM \(quotedTable)") { statement throws(StoreError) in
            _ = try statement.step()
            return Int(statement.int64(at: 0))
        }
    }

    /// Records in order, optionally only those matching a search, optionally one page.
    ///
    /// A search matches a record when every word of it occurs in one of the record's text
    /// columns, ignoring case and how accented letters were typed (`SearchText.fold`); what the
    /// person typed is taken as plain text (`%`, `_` and quotes have no special meaning). A
    /// search of only white space matches everything.
    ///
    /// - Parameters:
    ///   - sortedBy: the sort key; ties are broken by identity in the same direction.
    ///   - limit: the most records to return, or `nil` for all.
    ///   - offset: how many matching records to skip first.
    /// - Throws: `.unknownColumn` when the sort key names an undeclared column;
    ///   `.searchTooLong` for a search of more than 32 words.
    public func list(
        sortedBy key: RecordSortKey = .id,
        ascending: Bool = true,
        search: String? = nil,
        limit: Int? = nil,
        offset: Int = 0
    ) throws(StoreError) -> [Record<Model>] {
        let terms = try SearchText.terms(search)
        guard !isMissing else {
            _ = try orderClause(key, ascending: ascending)
            return []
        }
        if !terms.isEmpty {
            let ids = try ids(sortedBy: key, ascending: ascending, search: search)
            return try records(ids: RecordListCache<CacheStamp>.page(of: ids, offset: offset, limit: limit))
        }
        let sql = "SELECT id, _created, _updated, _json FROM \(quotedTable)"
            + (try orderClause(key, ascending: ascending)) + " LIMIT ? OFFSET ?"
        return try database.withStatement(sql) { statement throws(StoreError) in
            try statement.bind([.integer(Int64(limit ?? -1)), .integer(Int64(offset))])
            var records: [Record<Model>] = []
            while try statement.step() {
                records.append(try decodeRecord(statement))
            }
            return records
        }
    }

    /// The identities of the records `list` would return, without reading the records: cheap
    /// enough for 100,000 rows at every keystroke of a search.
    public func ids(
        sortedBy key: RecordSortKey = .id,
        ascending: Bool = true,
        search: String? = nil
    ) throws(StoreError) -> [RecordID] {
        let terms = try SearchText.terms(search)
        let order = try orderClause(key, ascending: ascending)
        guard !isMissing else { return [] }
        let sorted = try sortedIDs(orderedBy: order)
        guard !terms.isEmpty else { return sorted }
        return cache.matching(sorted, orderedBy: order, in: try currentSearchIndex(), terms: terms)
    }

    /// Reads the search text of every record into memory now rather than at the first search,
    /// e.g. while the window is idle after opening.
    public func prepareSearch() throws(StoreError) {
        guard !isMissing else { return }
        _ = try currentSearchIndex()
    }
}
