/// What a successful paste into a `PinCode` did.
public struct PasteOutcome: Equatable, Sendable {
    /// How many digits went in.
    public let insertedCount: Int
    /// Whether the paste filled the code: the moment to validate and send `typeComplete`.
    public let didComplete: Bool

    /// Describes a paste that inserted `insertedCount` digits.
    public init(insertedCount: Int, didComplete: Bool) {
        self.insertedCount = insertedCount
        self.didComplete = didComplete
    }
}
