import Controls
import Storage

/// Lists a `RecordStore`'s records in a `RecordList`: identities sorted and searched in SQL,
/// models read a page at a time. With no store (the database could not be opened) it lists
/// nothing.
final class RecordStoreSource<Model: Codable>: RecordListDataSource {
    var store: RecordStore<Model>?
    /// Called after a search (not an empty one) ran, so that a message about an earlier one
    /// can go.
    var onSearchSucceeded: (() -> Void)?

    init(store: RecordStore<Model>?) {
        self.store = store
    }

    func recordIDs(sortedBy key: String?, ascending: Bool, search: String) throws -> [Int64] {
        guard let store else { return [] }
        let ids = try store.ids(sortedBy: key.map(RecordSortKey.column) ?? .id, ascending: ascending, search: search)
        if !search.isEmpty { onSearchSucceeded?() }
        return ids.map(\.rawValue)
    }

    func models(for ids: [Int64]) throws -> [Int64: Model] {
        guard let store else { return [:] }
        let records = try store.records(ids: ids.map(RecordID.init(rawValue:)))
        return Dictionary(records.map { ($0.id.rawValue, $0.model) }, uniquingKeysWith: { first, _ in first })
    }
}
