internal import CGtk

/// A table of rows and columns over a list model (GtkColumnView): only the rows on screen
/// get widgets, so it scales to long lists.
///
/// ```swift
/// let rows = StringList()
/// let view = ColumnView(selection: MultiSelection(model: rows))
/// view.append(ColumnViewColumn(title: "Name", factory: nameCells))
/// view.onActivate { position in open(row: position) }
/// ```
@MainActor
public final class ColumnView: Widget {
    /// The selection over the rows, which also holds the rows.
    public let selection: MultiSelection
    /// The columns, in order.
    public private(set) var columns: [ColumnViewColumn] = []

    /// A table showing the rows of `selection`'s model.
    public init(selection: MultiSelection) {
        self.selection = selection
        g_object_ref(selection.raw) // the view takes over one reference
        super.init(widget: gtk_column_view_new(pf_selection_model(selection.raw)))
    }

    private var view: OpaquePointer { pf_column_view(raw) }

    /// Adds `column` at the right end.
    public func append(_ column: ColumnViewColumn) {
        gtk_column_view_append_column(view, column.column)
        columns.append(column)
    }

    // MARK: Sorting

    /// Which column the header says the rows are sorted by, and in which direction; nil when
    /// no sortable column was chosen.
    ///
    /// GTK 4.8 has no getter for this (`gtk_column_view_sorter_get_primary_sort_column` came in
    /// 4.10), so the view's sorter is asked to compare two items: the first column sorter it
    /// consults is the primary one, and the sign of its answer is the direction.
    public var sortState: (column: ColumnViewColumn, ascending: Bool)? {
        guard let sorter = gtk_column_view_get_sorter(view) else { return nil }
        ColumnViewColumn.probed = nil
        let ordering = gtk_sorter_compare(sorter, Self.probeItems.0, Self.probeItems.1)
        guard let column = ColumnViewColumn.probed, ordering != GTK_ORDERING_EQUAL else { return nil }
        ColumnViewColumn.probed = nil
        return (column, ordering == GTK_ORDERING_SMALLER)
    }

    /// Shows `column` as the sort column (its header arrow), or none; `onSortChanged` runs.
    public func sort(by column: ColumnViewColumn?, ascending: Bool) {
        gtk_column_view_sort_by_column(view, column?.column, ascending ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING)
    }

    /// Calls `handler` when the sort column or direction changes (a header click, `sort(by:)`).
    @discardableResult
    public func onSortChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection? {
        guard let sorter = gtk_column_view_get_sorter(view) else { return nil }
        let trampoline: @convention(c) (gpointer?, GtkSorterChange, gpointer?) -> Void = { _, _, data in
            let box = ClosureBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { box.body() }
        }
        // Kept, so that the connection can still disconnect (it holds its object weakly).
        let sorterWrapper = Object.wrapper(ofObject: UnsafeMutableRawPointer(sorter))
        self.sorterWrapper = sorterWrapper
        return sorterWrapper.connectTrampoline("changed", handler: trampoline, body: handler as @MainActor () -> Void)
    }

    private var sorterWrapper: Object?

    /// Two items for the sort probe; what they hold does not matter.
    private static let probeItems: (UnsafeMutableRawPointer, UnsafeMutableRawPointer) = (
        UnsafeMutableRawPointer(gtk_string_object_new("a")!), UnsafeMutableRawPointer(gtk_string_object_new("b")!)
    )

    // MARK: Activation

    /// Calls `handler` with the row's position when a row is activated (double-click, Enter).
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (_ position: Int) -> Void) -> SignalConnection {
        connectActivate { handler(Int($0)) }
    }

    /// Scrolls so that the row at `position` is in view.
    public func scrollTo(row position: Int) {
        // GTK 4.8 has no gtk_column_view_scroll_to: its list view's "list.scroll-to-item" does it.
        guard let list = childWidgets.first(where: { pf_is_list_view($0.raw) != 0 }) else { return }
        pf_widget_activate_action_uint(list.raw, "list.scroll-to-item", guint(position))
    }

    /// Emits `activate` for the row at `position`, as a double-click would.
    public func activate(row position: Int) {
        pf_column_view_emit_activate(raw, guint(position))
    }
}
