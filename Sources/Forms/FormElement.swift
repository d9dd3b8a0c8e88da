/// One element of a form row: a bound field or a spacer, with its size (its weight in the row).
///
/// ```swift
/// form.addRow([FormElement(first), .spacer(), FormElement(last, size: 2)])
/// ```
public struct FormElement: Hashable, Sendable {
    /// The field shown, or nil for a spacer.
    public let field: FieldID?
    /// The element's weight in its row, 1 or more; its width is `size` over the row's total.
    public let size: Int

    /// Places `field` with weight `size`; a size below 1 is raised to 1 (GenericUI's minimum).
    public init(_ field: FieldID, size: Int = 1) {
        self.init(field: field, size: size)
    }

    private init(field: FieldID?, size: Int) {
        self.field = field
        self.size = max(1, size)
    }

    /// An empty element that takes `size` of the row's width; a size below 1 is raised to 1.
    public static func spacer(size: Int = 1) -> FormElement {
        FormElement(field: nil, size: size)
    }

    /// Whether the element is a spacer.
    public var isSpacer: Bool {
        field == nil
    }
}
