/// The outline of one PIN item, drawn into a square of the item's size.
///
/// ```swift
/// control.shape = .roundedSquare(cornerRadius: 0.25)
/// control.shape = .path([.move(0.5, 0), .line(1, 1), .line(0, 1), .close]) // a triangle
/// ```
public enum PinItemShape: Hashable, Sendable {
    /// A circle filling the square (the original's oval).
    case circle
    /// A square with corners rounded by `cornerRadius`, a fraction of the side (0…0.5).
    case roundedSquare(cornerRadius: Double)
    /// Any outline, in coordinates where the item's square is 0…1 on both axes.
    case path([PathElement])

    /// One step of an outline, in unit coordinates.
    public enum PathElement: Hashable, Sendable {
        case move(Double, Double)
        case line(Double, Double)
        /// A cubic Bézier curve: two control points, then the end point.
        case curve(Double, Double, Double, Double, Double, Double)
        case close
    }
}
