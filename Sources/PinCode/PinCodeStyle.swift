/// What a PIN control's items look like in its applied state: the engine writes these fields
/// per state (see `PinCodeControl.setFillColor(_:for:)` and the others), in place, with no
/// allocation per state change.
public struct PinCodeStyle: Hashable, Sendable {
    /// The inside of items not typed yet.
    public var fillColor: PinColor = .clear
    /// The outline of every item.
    public var borderColor: PinColor = .gray
    /// The outline's width.
    public var borderWidth: Double = 2
    /// The inside of typed items.
    public var filledItemColor: PinColor = .gray

    public init() {}
}
