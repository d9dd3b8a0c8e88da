/// A row of form elements, laid out side by side with widths proportional to their sizes.
public struct FormRow: Hashable, Sendable {
    /// The elements, from leading to trailing.
    public let elements: [FormElement]
    /// The sum of the elements' sizes, spacers included.
    public let totalSize: Int

    /// Creates a row of `elements`.
    public init(_ elements: [FormElement]) {
        self.elements = elements
        self.totalSize = elements.reduce(0) { $0 + $1.size }
    }

    /// Each element's share of the row's width, in element order: its size over `totalSize`.
    ///
    /// `[FormElement(a, size: 2), .spacer(), FormElement(b)]` gives `[0.5, 0.25, 0.25]`.
    public var shares: [Double] {
        elements.map { share(ofSize: $0.size) }
    }

    /// The share of the element at `index`.
    public func share(at index: Int) -> Double {
        share(ofSize: elements[index].size)
    }

    private func share(ofSize size: Int) -> Double {
        Double(size) / Double(totalSize)
    }
}
