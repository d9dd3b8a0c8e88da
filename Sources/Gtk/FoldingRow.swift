internal import CGtk

/// A row of widgets side by side, each as wide as its weight's share of the row, that stacks
/// them one under another when it is narrower than `foldWidth`: a form row that fits a
/// narrow window. Spacers take room side by side and none when stacked. Not an `AdwBreakpoint`:
/// a row folds by its own width (a form in a clamp, a preview, a line of line items), and
/// weighted shares are no property a breakpoint could set on a `GtkBox`.
///
/// ```swift
/// let row = FoldingRow(foldWidth: 440, spacing: 12)
/// row.append(first, weight: 2)
/// row.appendSpacer(weight: 1)
/// ```
@MainActor
public final class FoldingRow: Widget {
    private let layout: FoldingRowLayout

    /// An empty row that stacks its children under `foldWidth` pixels, `spacing` pixels apart.
    public init(foldWidth: Int32, spacing: Int32) {
        layout = FoldingRowLayout(fold: foldWidth, spacing: spacing)
        super.init(widget: gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
        layout.install(on: widgetPointer)
    }

    /// Adds `child` at the end with `weight` (1 or more).
    public func append(_ child: Widget, weight: Int) {
        add(child, weight: weight, spacer: false)
    }

    /// Adds an empty element of `weight` at the end.
    public func appendSpacer(weight: Int) {
        add(Box(.horizontal), weight: weight, spacer: true)
    }

    private func add(_ child: Widget, weight: Int, spacer: Bool) {
        FoldingRowLayout.setElement(.init(weight: Int32(clamping: max(1, weight)), isSpacer: spacer), of: child.widgetPointer)
        gtk_box_append(pf_box(raw), child.widgetPointer)
    }

    /// The children, spacers included, in order.
    public var arrangedChildren: [Widget] { childWidgets }

    /// Whether the last layout stacked the children.
    public var isFolded: Bool { layout.isFolded }
}

/// The folding row's layout: a `GtkCustomLayout` whose C callbacks find this object in the
/// row's qdata (GTK gives them only the widget).
@MainActor
final class FoldingRowLayout {
    struct Element {
        var weight: Int32
        var isSpacer: Bool
    }

    /// A child's element, kept on the child (its qdata) for as long as the child lives.
    private final class ElementBox {
        let element: Element
        init(_ element: Element) { self.element = element }
    }

    private static let elementQuark: GQuark = g_quark_from_string("pinform-folding-row-element")

    static func setElement(_ element: Element, of child: UnsafeMutablePointer<GtkWidget>) {
        g_object_set_qdata_full(pf_object(child), elementQuark, Unmanaged.passRetained(ElementBox(element)).toOpaque(),
                                releaseClosureBoxNotify)
    }

    let fold: Int32
    let spacing: Int32
    private(set) var isFolded = false

    /// The row's qdata key under which its C callbacks find this layout.
    private static let layoutQuark: GQuark = g_quark_from_string("pinform-folding-row-layout")

    init(fold: Int32, spacing: Int32) {
        self.fold = fold
        self.spacing = spacing
    }

    func install(on row: UnsafeMutablePointer<GtkWidget>) {
        g_object_set_qdata_full(pf_object(row), Self.layoutQuark, Unmanaged.passRetained(self).toOpaque(), releaseClosureBoxNotify)
        gtk_widget_set_layout_manager(row, gtk_custom_layout_new(
            { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH },
            { row, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
                minimumBaseline?.pointee = -1
                naturalBaseline?.pointee = -1
                let size = MainActor.assumeIsolated {
                    FoldingRowLayout.of(row).measure(row!, orientation, forSize)
                }
                minimum?.pointee = size.minimum
                natural?.pointee = size.natural
            },
            { row, width, height, _ in
                MainActor.assumeIsolated { FoldingRowLayout.of(row).allocate(row!, width: width, height: height) }
            }))
    }

    private static func of(_ row: UnsafeMutablePointer<GtkWidget>?) -> FoldingRowLayout {
        Unmanaged<FoldingRowLayout>.fromOpaque(g_object_get_qdata(pf_object(row), layoutQuark)!).takeUnretainedValue()
    }

    private func element(_ child: UnsafeMutablePointer<GtkWidget>) -> Element {
        g_object_get_qdata(pf_object(child), Self.elementQuark)
            .map { Unmanaged<ElementBox>.fromOpaque($0).takeUnretainedValue().element } ?? Element(weight: 1, isSpacer: false)
    }

    /// The children GTK lays out now; spacers only side by side.
    private func laidOut(_ row: UnsafeMutablePointer<GtkWidget>, folded: Bool) -> [UnsafeMutablePointer<GtkWidget>] {
        var result: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(row)
        while let current = child {
            if gtk_widget_should_layout(current) != 0 && !(folded && element(current).isSpacer) {
                result.append(current)
            }
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }

    private func measure(_ row: UnsafeMutablePointer<GtkWidget>, _ orientation: GtkOrientation,
                         _ forSize: Int32) -> (minimum: Int32, natural: Int32) {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            // As narrow as its widest child (folded); naturally wide enough for every share.
            let children = laidOut(row, folded: false)
            guard !children.isEmpty else { return (0, 0) }
            var unit: Int32 = 0
            for child in children {
                var childMinimum: Int32 = 0
                var childNatural: Int32 = 0
                gtk_widget_measure(child, orientation, -1, &childMinimum, &childNatural, nil, nil)
                let element = element(child)
                if !element.isSpacer { minimum = max(minimum, childMinimum) }
                unit = max(unit, (childNatural + element.weight - 1) / element.weight)
            }
            let weight = children.reduce(0) { $0 + element($1).weight }
            natural = max(unit * weight + spacing * Int32(children.count - 1), minimum, fold)
            return (minimum, natural)
        }
        let folded = forSize >= 0 && forSize < fold
        let children = laidOut(row, folded: folded)
        guard !children.isEmpty else { return (0, 0) }
        let weight = children.reduce(0) { $0 + element($1).weight }
        let available = forSize < 0 ? -1 : forSize - (folded ? 0 : spacing * Int32(children.count - 1))
        for (index, child) in children.enumerated() {
            let width = available < 0 ? -1 : (folded ? available : available * element(child).weight / weight)
            var childMinimum: Int32 = 0
            var childNatural: Int32 = 0
            gtk_widget_measure(child, orientation, width, &childMinimum, &childNatural, nil, nil)
            if folded {
                minimum += childMinimum + (index > 0 ? spacing : 0)
                natural += childNatural + (index > 0 ? spacing : 0)
            } else {
                minimum = max(minimum, childMinimum)
                natural = max(natural, childNatural)
            }
        }
        return (minimum, natural)
    }

    private func allocate(_ row: UnsafeMutablePointer<GtkWidget>, width: Int32, height: Int32) {
        let folded = width < fold
        isFolded = folded
        let children = laidOut(row, folded: folded)
        if folded {
            // Spacers take no room when stacked.
            for spacer in laidOut(row, folded: false) where element(spacer).isSpacer {
                var none = GtkAllocation(x: 0, y: 0, width: 0, height: 0)
                gtk_widget_size_allocate(spacer, &none, -1)
            }
        }
        guard !children.isEmpty else { return }
        let weight = children.reduce(0) { $0 + element($1).weight }
        let available = width - (folded ? 0 : spacing * Int32(children.count - 1))
        let rightToLeft = gtk_widget_get_direction(row) == GTK_TEXT_DIR_RTL
        var usedWeight: Int32 = 0
        var x: Int32 = 0
        var y: Int32 = 0
        for child in children {
            if folded {
                var childMinimum: Int32 = 0
                var childNatural: Int32 = 0
                gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, width, &childMinimum, &childNatural, nil, nil)
                var allocation = GtkAllocation(x: 0, y: y, width: width, height: childNatural)
                gtk_widget_size_allocate(child, &allocation, -1)
                y += childNatural + spacing
            } else {
                // Edges from cumulative weights, so that rounding never drifts along the row.
                let weightHere = element(child).weight
                let start = available * usedWeight / weight
                let end = available * (usedWeight + weightHere) / weight
                usedWeight += weightHere
                var childX = x + start
                let childWidth = end - start
                if rightToLeft { childX = width - childX - childWidth }
                var allocation = GtkAllocation(x: childX, y: 0, width: childWidth, height: height)
                gtk_widget_size_allocate(child, &allocation, -1)
                x += spacing
            }
        }
    }
}
