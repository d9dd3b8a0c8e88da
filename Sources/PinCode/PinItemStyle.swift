/// How one PIN item is drawn: what the engine resolved for it in the current state.
public struct PinItemStyle: Hashable, Sendable {
    /// The inside.
    public var fill: PinColor
    /// The outline.
    public var border: PinColor
    /// The outline's width in pixels.
    public var borderWidth: Double

    public init(fill: PinColor, border: PinColor, borderWidth: Double) {
        self.fill = fill
        self.border = border
        self.borderWidth = borderWidth
    }
}
