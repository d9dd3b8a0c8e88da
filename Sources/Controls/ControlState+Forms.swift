import ControlState

// The application state bits of form inputs and forms, declared with every other module's in
// `ApplicationStateBit`, so that none takes another's bit.
extension ControlState {
    /// The input's content was found invalid and its error shows.
    public static let invalidInput = ControlState(.invalidInput)

    /// Every input of a form validates now: the form would resolve (Save may be pressed).
    public static let resolvable = ControlState(.formResolvable)

    /// The form differs from what was last loaded or saved.
    public static let edited = ControlState(.formEdited)
}
