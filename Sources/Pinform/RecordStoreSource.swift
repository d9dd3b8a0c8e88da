import Controls
import Storage

/// The two sides of one record's identity: `Storage`'s, and the list's (`Controls` cannot see
/// `Storage`). They are converted here, where the list meets the store, and nowhere else.
extension ListedRecordID {
    /// The list's identity of the stored record `id`.
    init(_ id: RecordID) {
        self.init(rawValue: id.rawValue)
    }
}

extension RecordID {
    /// The stored record a list's identity stands for.
    init(_ id: ListedRecordID) {
        self.init(rawValue: id.rawValue)
    }
}

/// Lists a record store's records (local or shared, `RecordStoring`) in a `RecordList`: identities sorted and searched in SQL,
/// models read a page at a time. With no store (the database could not be opened) it lists
/// nothing.
final class RecordStoreSource<Model: Codable>: RecordListDataSource {
    var store: (any RecordStoring<Model>)?
    /// Called after a search (not an empty one) ran, so that a message about an earlier one
    /// can go.
    var onSearchSucceeded: (() -> Void)?

    init(store: (any RecordStoring<Model>)?) {
        self.store = store
    }

    func recordIDs(sortedBy key: String?, ascending: Bool, search: String) throws -> [ListedRecordID] {
        guard let store else { return [] }
        let ids = try store.ids(sortedBy: key.map(RecordSortKey.column) ?? .id, ascending: ascending, search: search)
        if !search.isEmpty { onSearchSucceeded?() }
        return ids.map(ListedRecordID.init)
    }

    /// Makes the next search keystroke cheap, while the window is idle: reads the search text
    /// into memory (`prepareSearch()`) and runs one search in the list's order, which leaves
    /// that order's place of every record in the index ready too. Run after opening and after
    /// each change of the records, so that neither the first keystroke nor the one after a
    /// save pays for it.
    func prepareSearch(sortedBy key: String?, ascending: Bool) {
        guard let store else { return }
        try? store.prepareSearch()
        // A term no record holds: nothing is listed, only the order's places are computed.
        _ = try? store.ids(sortedBy: key.map(RecordSortKey.column) ?? .id, ascending: ascending, search: "\u{1}")
    }

    func models(for ids: [ListedRecordID]) throws -> [ListedRecordID: Model] {
        guard let store else { return [:] }
        let records = try store.records(ids: ids.map(RecordID.init))
        return Dictionary(records.map { (ListedRecordID($0.id), $0.model) }, uniquingKeysWith: { first, _ in first })
    }
}
