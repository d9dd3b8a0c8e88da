/// Where a `RecordList` gets its rows: the identities of the records in order, and the
/// models of the few records on screen.
///
/// The list holds only identities (cheap for 100,000 rows) and asks for models a page at a
/// time as rows scroll into view. The app implements this over its `RecordStore`; tests use
/// an array. Identities are the store's row ids, typed as `ListedRecordID` on this side of
/// the boundary (`Controls` cannot see `Storage`'s `RecordID`), and are never reused.
///
/// ```swift
/// final class PeopleSource: RecordListDataSource {
///     let store: RecordStore<Person>
///     func recordIDs(sortedBy key: String?, ascending: Bool, search: String) throws -> [ListedRecordID] {
///         try store.ids(sortedBy: key.map(RecordSortKey.column) ?? .id, ascending: ascending, search: search)
///             .map { ListedRecordID($0.rawValue) }
///     }
///     func models(for ids: [ListedRecordID]) throws -> [ListedRecordID: Person] {
///         let records = try store.records(ids: ids.map { RecordID($0.rawValue) })
///         return Dictionary(uniqueKeysWithValues: records.map { (ListedRecordID($0.id.rawValue), $0.model) })
///     }
/// }
/// ```
public protocol RecordListDataSource<Model>: AnyObject {
    /// The type of the records listed.
    associatedtype Model

    /// The identities of the records to show, in order.
    ///
    /// - Parameters:
    ///   - key: a column's `sortKey`, or nil for the order the records were saved in.
    ///   - search: what the person typed; empty shows every record.
    func recordIDs(sortedBy key: String?, ascending: Bool, search: String) throws -> [ListedRecordID]

    /// The models of these records; identities with no record (deleted meanwhile) are left out.
    func models(for ids: [ListedRecordID]) throws -> [ListedRecordID: Model]
}
