/// Where a reference field finds the records it can point to: a search by text, a record's
/// summary, and whether a record still exists. Headless, so that a store implements it and
/// tests use a list in memory.
///
/// ```swift
/// final class PeopleLookup: RecordLookup {
///     func search(_ text: String, limit: Int) -> [RecordMatch<Person>] { … }
///     func resolve(_ record: RecordRef<Person>) -> RecordLookupResult { … }
/// }
/// ```
public protocol RecordLookup<Target> {
    /// The model whose records are looked up.
    associatedtype Target

    /// The records whose summary matches `text` (the whole text when empty), best first, at
    /// most `limit`: what a chooser offers as people type.
    func search(_ text: String, limit: Int) -> [RecordMatch<Target>]

    /// The record `record` refers to: its summary, or that it is missing (deleted since).
    func resolve(_ record: RecordRef<Target>) -> RecordLookupResult
}

extension RecordLookup {
    /// What people read for `record` ("Ada Lovelace"); nil when it is missing.
    public func summary(of record: RecordRef<Target>) -> String? {
        if case .found(let summary) = resolve(record) { return summary }
        return nil
    }

    /// Whether `record` still exists.
    public func exists(_ record: RecordRef<Target>) -> Bool {
        summary(of: record) != nil
    }
}
