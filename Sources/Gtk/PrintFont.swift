/// A font for printed text: a family, a size in points and a weight, as Pango reads it.
public struct PrintFont: Sendable, Hashable {
    /// The family, such as "Sans" or "Monospace".
    public var family: String
    /// The size in points.
    public var size: Double
    /// Whether the text is bold.
    public var isBold: Bool

    /// A font of `family` at `size` points.
    public init(family: String = "Sans", size: Double, isBold: Bool = false) {
        self.family = family
        self.size = size
        self.isBold = isBold
    }

    /// Body text: Sans 10.
    public static let body = PrintFont(size: 10)
    /// Pango's description of the font ("Sans Bold 10").
    var pangoDescription: String { "\(family)\(isBold ? " Bold" : "") \(size)" }
}
