/// Every application state bit of the package, declared here and only here, so that two
/// modules cannot take the same bit by accident: a second case with the same raw value does
/// not compile, and `ApplicationStateBitTests` checks that each is one bit of
/// `ControlState.application`. A module names its states after them (`ControlState(.pinFilled)`);
/// an application outside the package takes the bits left free, from `1 << 22` up.
public enum ApplicationStateBit: UInt32, CaseIterable, Sendable {
    /// PinCode: every digit is in (`ControlState.filled`).
    case pinFilled = 0x0001_0000
    /// PinCode: the complete code is rejected (`ControlState.invalid`).
    case pinInvalid = 0x0002_0000
    /// PinCode: the complete code passes validation (part of `ControlState.valid`).
    case pinValid = 0x0004_0000
    /// Controls: every input of a form validates (`ControlState.resolvable`).
    case formResolvable = 0x0008_0000
    /// Controls: a form input's content is invalid and shows its error (`.invalidInput`).
    case invalidInput = 0x0010_0000
    /// Controls: a form differs from what was last loaded or saved (`.edited`).
    case formEdited = 0x0020_0000
}

extension ControlState {
    /// The state of one declared application bit.
    @inlinable public init(_ bit: ApplicationStateBit) { self.init(rawValue: bit.rawValue) }
}
