/// A record a lookup found: the reference to store and the summary people read.
public struct RecordMatch<Target>: Hashable, Sendable {
    /// The record.
    public let record: RecordRef<Target>
    /// What people read for it ("Ada Lovelace, London").
    public let summary: String

    /// A record found, with its summary.
    public init(record: RecordRef<Target>, summary: String) {
        self.record = record
        self.summary = summary
    }
}
