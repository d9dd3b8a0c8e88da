/// Identifies an element bound in a ``Form``: an input or a plain view.
///
/// The id is the element's index in the form that returned it, so lookups by id are O(1).
/// An id is meaningful only for the form that returned it.
public struct FieldID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The position of the element in its form's bindings, in binding order.
    public let index: Int

    @usableFromInline
    init(index: Int) {
        self.index = index
    }

    /// Orders ids by binding order.
    public static func < (lhs: FieldID, rhs: FieldID) -> Bool {
        lhs.index < rhs.index
    }

    /// A short form for logs and test failures, e.g. "field 3".
    public var description: String {
        "field \(index)"
    }
}
