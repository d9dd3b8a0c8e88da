import ControlState

// The application state bits of form inputs and forms. They live in the application range
// (0x00FF0000) that DESIGN.md sets aside; 1 << 17 means "invalid" as it does for PinCode, so
// a stylesheet or a test reads the same bit the same way in both.
extension ControlState {
    /// The input's content was found invalid and its error shows.
    public static let invalidInput = ControlState(rawValue: 1 << 17)

    /// Every input of a form validates now: the form would resolve (Save may be pressed).
    public static let resolvable = ControlState(rawValue: 1 << 19)

    /// The form differs from what was last loaded or saved.
    public static let edited = ControlState(rawValue: 1 << 20)
}
