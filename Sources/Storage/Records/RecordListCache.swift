/// What a record store keeps in memory between reads — the sorted identity lists, the search
/// index and each list's slots in it — with the table's stamp they were read at. The local
/// file's store (`RecordStore`) and the shared database's keep one each; they differ only in
/// what their stamp is (SQLite's data version, the shared table's change counter) and in how
/// they read, which they pass in.
package struct RecordListCache<Stamp: Equatable> {
    /// The stamp of what is kept; nil when nothing is.
    package private(set) var stamp: Stamp?
    /// The search index, while it is current.
    package private(set) var searchIndex: SearchIndex?
    /// Sorted identity lists by their `ORDER BY` clause.
    private var sortedIDs: [String: [RecordID]] = [:] {
        didSet { orderedSlots.removeAll() }
    }
    /// The search index's slots of each sorted list, valid while neither changes.
    private var orderedSlots: [String: [Int32]] = [:]

    /// An empty cache.
    package init() {}

    /// Drops everything when `current`, the table's stamp now, is not the one it was read at
    /// (nil: nothing may be kept, e.g. inside a transaction), and returns `current`.
    package mutating func validate(_ current: Stamp?) -> Stamp? {
        if current == nil || current != stamp {
            drop()
            stamp = current
        }
        return current
    }

    /// Forgets everything.
    package mutating func drop() {
        stamp = nil
        searchIndex = nil
        sortedIDs.removeAll()
    }

    /// The identities in `order`: kept, or read by `read` (and kept when `stamp` is not nil).
    package mutating func sortedIDs(
        orderedBy order: String, at stamp: Stamp?, read: () throws(StoreError) -> [RecordID]
    ) throws(StoreError) -> [RecordID] {
        if let ids = sortedIDs[order] { return ids }
        let ids = try read()
        if stamp != nil {
            if sortedIDs.count >= 4 { sortedIDs.removeAll() }
            sortedIDs[order] = ids
        }
        return ids
    }

    /// The search index: kept, or loaded by `load` (and kept when `stamp` is not nil).
    package mutating func searchIndex(at stamp: Stamp?, load: () throws(StoreError) -> SearchIndex) throws(StoreError) -> SearchIndex {
        if let searchIndex { return searchIndex }
        let index = try load()
        if stamp != nil {
            searchIndex = index
            orderedSlots.removeAll()
        }
        return index
    }

    /// The identities of `sorted` (the list in `order`) whose search text holds every one of
    /// `terms`, in that order; the list's slots in `index` are kept while a stamp is.
    package mutating func matching(_ sorted: [RecordID], orderedBy order: String, in index: SearchIndex, terms: [String]) -> [RecordID] {
        let slots: [Int32]
        if let cached = orderedSlots[order] {
            slots = cached
        } else {
            slots = index.slots(of: sorted)
            if stamp != nil { orderedSlots[order] = slots }
        }
        return index.filter(sorted, slots: slots, terms: terms.map { Array($0.utf8) })
    }

    /// After a write that returned `result`: the sorted lists are dropped; the search index is
    /// patched and kept at `stamp` when `wasCurrent` (nothing else changed the table since it was
    /// read), else everything is dropped.
    package mutating func wrote<T>(_ result: T, wasCurrent: Bool, now stamp: Stamp?, patch: (inout SearchIndex, T) -> Void) {
        sortedIDs.removeAll()
        if wasCurrent, var index = searchIndex {
            searchIndex = nil
            patch(&index, result)
            searchIndex = index
            self.stamp = stamp
        } else {
            drop()
        }
    }

    /// One page of `ids`: `limit` of them (all for nil) from `offset`, clamped to the list.
    package static func page(of ids: [RecordID], offset: Int, limit: Int?) -> ArraySlice<RecordID> {
        let start = min(max(offset, 0), ids.count)
        let end = limit.map { min(start + max($0, 0), ids.count) } ?? ids.count
        return ids[start..<end]
    }
}
