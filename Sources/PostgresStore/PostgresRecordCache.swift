import Storage

/// Records read from the server and decoded, kept while the table's change stamp stays the same:
/// a search keystroke shows mostly the records the last one showed, and reading and decoding
/// them again cost more than the search itself. Any change of the table — at any desk, or this
/// one's — raises the stamp, and the next read drops them; inside a transaction nothing is kept
/// (its changes may yet be rolled back, and the stamp with them).
struct PostgresRecordCache<Model> {
    /// The most records kept; past it the cache starts again empty.
    static var capacity: Int { 5_000 }

    private(set) var stamp: Int64?
    private var records: [RecordID: Record<Model>] = [:]

    /// Whether what is kept holds at `stamp` (the table's stamp validated just now); dropped
    /// when it does not. Nil (no stamp, or inside a transaction) keeps nothing.
    mutating func holds(at stamp: Int64?) -> Bool {
        guard let stamp else {
            drop()
            return false
        }
        if stamp != self.stamp {
            records.removeAll(keepingCapacity: true)
            self.stamp = stamp
        }
        return true
    }

    /// The record with this identity, if kept.
    subscript(id: RecordID) -> Record<Model>? {
        records[id]
    }

    /// Keeps `read`, read after `holds(at:)` said yes at the current stamp.
    mutating func keep(_ read: some Sequence<Record<Model>>) {
        for record in read {
            if records.count >= Self.capacity { records.removeAll(keepingCapacity: true) }
            records[record.id] = record
        }
    }

    /// Drops everything (another desk's change was announced, or the caches were dropped).
    mutating func drop() {
        records.removeAll()
        stamp = nil
    }
}
