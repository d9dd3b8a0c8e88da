internal import CGtk

/// A selection over a list model that allows any number of selected rows (GtkMultiSelection).
@MainActor
public final class MultiSelection: Object {
    /// The list whose rows are selected.
    public let model: StringList

    /// A selection over `model`, with nothing selected.
    public init(model: StringList) {
        self.model = model
        // The selection takes over a reference to the model; our wrapper keeps its own.
        g_object_ref(model.raw)
        super.init(adopting: UnsafeMutableRawPointer(gtk_multi_selection_new(pf_list_model(model.raw))))
    }

    private var selection: OpaquePointer { pf_selection_model(raw) }

    /// The positions of the selected rows, in ascending order.
    public var selectedPositions: [Int] {
        guard let bitset = gtk_selection_model_get_selection(selection) else { return [] }
        defer { gtk_bitset_unref(bitset) }
        var positions: [Int] = []
        var iterator = GtkBitsetIter()
        var value: guint = 0
        var more = gtk_bitset_iter_init_first(&iterator, bitset, &value) != 0
        while more {
            positions.append(Int(value))
            more = gtk_bitset_iter_next(&iterator, &value) != 0
        }
        return positions
    }

    /// Whether the row at `position` is selected.
    public func isSelected(_ position: Int) -> Bool {
        gtk_selection_model_is_selected(selection, guint(position)) != 0
    }

    /// Selects the row at `position`, alone when `exclusive`.
    public func select(_ position: Int, exclusive: Bool = true) {
        gtk_selection_model_select_item(selection, guint(position), exclusive ? 1 : 0)
    }

    /// Calls `handler` whenever rows are selected or unselected.
    @discardableResult
    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectSelectionChanged { _, _ in handler() }
    }
}
