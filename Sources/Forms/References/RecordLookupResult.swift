/// What a lookup knows of a referenced record: it is there, with its summary, or it is not.
public enum RecordLookupResult: Hashable, Sendable {
    /// The record exists; people read `summary` for it.
    case found(summary: String)
    /// The record does not exist (it was deleted, or never was).
    case missing
}
