import CGtk

/// A row of widgets side by side, each as wide as its weight's share of the row, that stacks
/// them one under another when it is narrower than `foldWidth`: a form row that fits a
/// narrow window. Spacers take room side by side and none when stacked.
///
/// ```swift
/// let row = FoldingRow(foldWidth: 440, spacing: 12)
/// row.append(first, weight: 2)
/// row.appendSpacer(weight: 1)
/// ```
@MainActor
public final class FoldingRow: Widget {
    private var children: [Widget] = []

    /// An empty row that stacks its children under `foldWidth` pixels, `spacing` pixels apart.
    public init(foldWidth: Int32, spacing: Int32) {
        super.init(widget: pf_folding_row_new(foldWidth, spacing))
    }

    /// Adds `child` at the end with `weight` (1 or more).
    public func append(_ child: Widget, weight: Int) {
        pf_folding_row_set_weight(child.widgetPointer, Int32(clamping: max(1, weight)), 0)
        gtk_box_append(pf_box(raw), child.widgetPointer)
        children.append(child)
    }

    /// Adds an empty element of `weight` at the end.
    public func appendSpacer(weight: Int) {
        let spacer = Box(.horizontal)
        pf_folding_row_set_weight(spacer.widgetPointer, Int32(clamping: max(1, weight)), 1)
        gtk_box_append(pf_box(raw), spacer.widgetPointer)
        children.append(spacer)
    }

    /// The children, spacers included, in order.
    public var arrangedChildren: [Widget] { children }

    /// Whether the last layout stacked the children.
    public var isFolded: Bool { pf_folding_row_is_folded(widgetPointer) != 0 }
}
