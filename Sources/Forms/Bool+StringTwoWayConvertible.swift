// A switch reads as a Bool; "true" and "false" are its text both ways.
extension Bool: StringTwoWayConvertible {
    /// A switch is flipped, not typed: each flip is its own undo step.
    public static var editsAreChoices: Bool { true }
}
