/// What happened to one key press sent to a `PinCode`.
public enum InsertResult: Equatable, Sendable {
    /// The digit went in and the code still has room.
    case inserted
    /// The digit went in and filled the code: the moment to validate and send `typeComplete`.
    case completed
    /// The code was already full, so the digit was dropped.
    case ignoredFull
    /// The character was not an ASCII digit `0`...`9`, so it was dropped.
    case rejectedNonDigit

    /// Whether the digit was stored.
    public var didInsert: Bool {
        self == .inserted || self == .completed
    }
}
