/// Why a paste into a `PinCode` inserted nothing.
public enum PasteRejection: Error, Equatable, Sendable {
    /// The pasted text was empty or only whitespace.
    case empty
    /// The pasted text held something other than ASCII digits between its ends.
    case nonDigit
    /// The pasted digits do not fit in the room left; `room` is how many would have fit.
    case tooLong(room: Int)
    /// The code was already full.
    case full

    /// A short sentence to show the person next to the PIN.
    public var message: String {
        switch self {
        case .empty: "Nothing to paste"
        case .nonDigit: "Only digits can be pasted"
        case .tooLong(let room): room == 1 ? "Only 1 more digit fits" : "Only \(room) more digits fit"
        case .full: "The PIN is already complete"
        }
    }
}
