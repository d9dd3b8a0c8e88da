import ControlState

extension ControlState {
    /// Every digit is in.
    public static let filled = ControlState(.pinFilled)
    /// The code is complete and rejected (a weak new PIN, or a wrong one).
    public static let invalid = ControlState(.pinInvalid)
    /// The code is complete and passes validation; includes `.filled`, as in the original.
    public static let valid: ControlState = [ControlState(.pinValid), .filled]
}

extension ControlEvents {
    /// Sent once each time the last digit goes in, by typing or by pasting.
    public static let typeComplete = ControlEvents(rawValue: 1 << 24)
}

/// The preset descriptors of a PIN control's looks (the original's `States`).
///
/// ```swift
/// control.setFillColor(.clear, for: PinCodeStates.plain)
/// ```
public enum PinCodeStates {
    /// Not every digit is in.
    public static let plain = StateDescriptor.inverted(.filled)
    /// Complete and valid.
    public static let valid = StateDescriptor.intersected(.valid)
    /// Complete and rejected.
    public static let invalid = StateDescriptor.intersected([.filled, .invalid])
    /// Focused. Below `valid` and `invalid` (which tie with it at 999 in the original), so the
    /// verdict on a complete code stays visible while the control has focus.
    public static let highlighted = StateDescriptor.intersected(.highlighted, priority: 998)
    /// Not accepting input; wins over everything else.
    public static let disabled = StateDescriptor.intersected(.disabled, priority: 1000)
}
