/// The state of a control as a bitmask: the built-in bits of UIControl plus a range for the
/// application (such as a PIN pad's `filled`, declared in `ApplicationStateBit`):
/// `let state: ControlState = [.highlighted, .filled]`.
public struct ControlState: OptionSet, Hashable, Sendable {
    /// The bits of the state.
    public let rawValue: UInt32

    /// Creates a state from its bits.
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// No bit set: enabled, not highlighted, not selected, not focused.
    @inlinable public static var normal: ControlState { ControlState(rawValue: 0) }
    /// The pointer is pressing the control (ignored while disabled).
    @inlinable public static var highlighted: ControlState { ControlState(rawValue: 1 << 0) }
    /// The control does not accept input.
    @inlinable public static var disabled: ControlState { ControlState(rawValue: 1 << 1) }
    /// The control is selected (checked, toggled on).
    @inlinable public static var selected: ControlState { ControlState(rawValue: 1 << 2) }
    /// The control has the keyboard focus.
    @inlinable public static var focused: ControlState { ControlState(rawValue: 1 << 3) }
    /// The bits the application may define for its own states.
    @inlinable public static var application: ControlState { ControlState(rawValue: 0x00FF_0000) }
    /// The bits reserved for the framework.
    @inlinable public static var reserved: ControlState { ControlState(rawValue: 0xFF00_0000) }
}

extension ControlState: CustomStringConvertible {
    /// The names of the built-in bits and the hexadecimal value of the others, such as
    /// `[highlighted, selected, 0x10000]`.
    public var description: String {
        let names: [(ControlState, String)] = [(.highlighted, "highlighted"), (.disabled, "disabled"),
                                               (.selected, "selected"), (.focused, "focused")]
        var parts = names.filter { contains($0.0) }.map(\.1)
        let others = subtracting([.highlighted, .disabled, .selected, .focused])
        if !others.isEmpty { parts.append("0x" + String(others.rawValue, radix: 16)) }
        return parts.isEmpty ? "normal" : "[" + parts.joined(separator: ", ") + "]"
    }
}
