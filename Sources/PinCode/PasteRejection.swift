import Localization

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
        case .empty: tr("Nothing to paste")
        case .nonDigit: tr("Only digits can be pasted")
        case .tooLong(let room): trn("Only %d more digit fits", "Only %d more digits fit", room)
        case .full: tr("The PIN is already complete")
        }
    }
}
