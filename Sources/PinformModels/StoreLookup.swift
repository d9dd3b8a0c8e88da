import Forms
import PinformCore
import Storage

/// Looks up one model's stored records for a reference field: a search by what is typed
/// (the store's own search, sorted by identity, at most `limit` read), and a record's current
/// summary. With no records (locked, or a file that cannot be opened) it finds nothing.
@MainActor
public final class StoreLookup<Model: RecordModel>: @MainActor RecordLookup {
    /// The referenced model.
    public typealias Target = Model
    private let records: RecordsDatabase?

    /// A lookup over `records`' store of `Model`.
    public init(records: RecordsDatabase?) {
        self.records = records
    }

    private var store: (any RecordStoring<Model>)? { try? records?.store(Model.self) }

    /// The records whose text matches `text`, oldest first, at most `limit`.
    public func search(_ text: String, limit: Int) -> [RecordMatch<Model>] {
        guard let store, let found = try? store.list(sortedBy: .id, ascending: true, search: text, limit: limit, offset: 0) else { return [] }
        return found.map { RecordMatch(record: RecordRef(id: $0.id.rawValue), summary: $0.model.summary) }
    }

    /// The record's summary now, or missing when it was deleted.
    public func resolve(_ record: RecordRef<Model>) -> RecordLookupResult {
        guard let found = try? store?.record(id: RecordID(record.id)) else { return .missing }
        return .found(summary: found.model.summary)
    }
}
