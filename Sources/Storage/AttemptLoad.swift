/// What `AttemptStore.load(now:)` found: the record to use, and the problem if it was replaced.
public struct AttemptLoad: Equatable, Sendable {
    /// The record to start from: the stored one, `.fresh` when there is no file and none is
    /// expected, or `.strictest(now:)` when the file was damaged, unreadable, not a regular
    /// file, or missing although a PIN is set.
    public let record: AttemptRecord
    /// Why the stored record could not be used (`.corrupt`, `.unreadable`, `.notARegularFile`,
    /// `.missing`), or `nil`.
    public let problem: VaultError?

    /// Pairs a record with the problem that led to it.
    public init(record: AttemptRecord, problem: VaultError?) {
        self.record = record
        self.problem = problem
    }
}
