import Storage

// Catching up with other desks' changes by the identities their notifications carry, rather
// than reading every identity and the whole search index again.
extension PostgresRecordStore {
    /// Brings what is held in memory up to date after other desks changed the records with these
    /// identities (added, saved or deleted them), as their notifications said: only those rows
    /// are read, in one statement with the table's change stamp, and the search index is patched
    /// and kept at that stamp; the sorted lists are read again (identities only) when next asked.
    ///
    /// A change committed meanwhile whose notification has not come yet is caught up by the
    /// next call, when it comes. Nothing kept (or a lost listening session): nothing to do, the
    /// next read asks the server.
    public func catchUp(changed ids: some Sequence<RecordID>) throws(StoreError) {
        let ids = Array(Set(ids))
        guard !ids.isEmpty, cache.stamp != nil else { return }
        let rows = try connection.execute(
            "SELECT t.stamp, r.id, r._search FROM _pinform_tables t LEFT JOIN \(quotedTable) r ON r.id = ANY($2::bigint[]) "
                + "WHERE t.name = $1", [table, Self.array(ids)]
        ).rows
        guard let stamp = rows.first?[0].flatMap(Int64.init) else {
            dropCaches()
            return
        }
        var found: [(id: Int64, document: String)] = []
        for row in rows {
            guard let id = row[1].flatMap(Int64.init) else { continue }
            found.append((id, row[2] ?? ""))
        }
        let present = Set(found.map(\.id))
        let gone = ids.map(\.rawValue).filter { !present.contains($0) }
        cache.wrote((found, gone), wasCurrent: true, now: stamp) { index, change in
            for row in change.0 { index.set(row.document.utf8, for: row.id) }
            for id in change.1 { index.remove(id) }
        }
    }
}
