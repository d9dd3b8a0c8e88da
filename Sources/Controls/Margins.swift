/// Space inside the four edges of a widget, in pixels.
public struct Margins: Hashable, Sendable {
    /// Space at the top.
    public var top: Int32
    /// Space at the bottom.
    public var bottom: Int32
    /// Space at the leading edge (left in left-to-right locales).
    public var start: Int32
    /// Space at the trailing edge.
    public var end: Int32

    /// Margins of the given sizes.
    public init(top: Int32, bottom: Int32, start: Int32, end: Int32) {
        self.top = top
        self.bottom = bottom
        self.start = start
        self.end = end
    }

    /// The same margin on all four sides.
    public init(_ all: Int32) {
        self.init(top: all, bottom: all, start: all, end: all)
    }
}
