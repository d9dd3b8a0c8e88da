internal import CGtk

/// A column of a `ColumnView`: a title in the header and a factory for its cells.
@MainActor
public final class ColumnViewColumn: Object {
    /// The factory that makes and fills this column's cells.
    public let factory: ListItemFactory

    /// A column titled `title` whose cells `factory` makes.
    public init(title: String, factory: ListItemFactory) {
        self.factory = factory
        g_object_ref(factory.raw) // the column takes over one reference
        super.init(adopting: UnsafeMutableRawPointer(gtk_column_view_column_new(title, OpaquePointer(factory.raw))))
    }

    var column: OpaquePointer { pf_column_view_column(raw) }

    /// Whether clicking the header sorts by this column (and shows the sort arrow).
    ///
    /// The rows are not sorted by GTK: the column only takes part in the view's sort state,
    /// which `ColumnView.sortState` reads back, so that the owner can sort where its data is.
    public var isSortable: Bool {
        get { gtk_column_view_column_get_sorter(column) != nil }
        set {
            guard newValue != isSortable else { return }
            guard newValue else {
                gtk_column_view_column_set_sorter(column, nil)
                return
            }
            let sorter = makeProbeSorter()
            gtk_column_view_column_set_sorter(column, sorter)
            g_object_unref(UnsafeMutableRawPointer(sorter)) // the column keeps its own reference
        }
    }

    /// A sorter that only says it was asked: `ColumnView.sortState` compares two dummy items
    /// with the view's sorter, and the first column sorter it consults is the primary one.
    private func makeProbeSorter() -> UnsafeMutablePointer<GtkSorter> {
        let box = ClosureBox<@MainActor () -> Void>({ [weak self] in ColumnViewColumn.probed = self })
        let sorter = gtk_custom_sorter_new({ _, _, data in
            let box = ClosureBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { box.body() }
            return GTK_ORDERING_SMALLER.rawValue
        }, box.retainedPointer(), releaseClosureBoxNotify)
        return pf_sorter(UnsafeMutableRawPointer(sorter))
    }

    /// The column whose probe sorter ran last.
    static weak var probed: ColumnViewColumn?
}
