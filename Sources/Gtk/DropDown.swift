internal import CGtk

/// A button that pops up a list of strings to choose one from.
@MainActor
public final class DropDown: Widget {
    /// The choices, in order.
    public let items: [String]

    /// A drop-down offering `items`; the first is selected.
    public init(items: [String]) {
        self.items = items
        var pointers: [UnsafeMutablePointer<CChar>?] = items.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        let widget = pointers.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_drop_down_new_from_strings($0)
            }
        }
        super.init(widget: widget!)
        // The choice shown and the popup's rows, each named by its text.
        let shown = ListItemFactory.choiceRows(marksChoice: false)
        let rows = ListItemFactory.choiceRows(marksChoice: true)
        withExtendedLifetime((shown, rows)) {
            gtk_drop_down_set_factory(dropDown, pf_list_item_factory(shown.raw))
            gtk_drop_down_set_list_factory(dropDown, pf_list_item_factory(rows.raw))
        }
    }

    private var dropDown: OpaquePointer { pf_drop_down(raw) }

    /// The index of the chosen item; nil when none is.
    public var selectedIndex: Int? {
        get {
            let position = gtk_drop_down_get_selected(dropDown)
            return position == GTK_INVALID_LIST_POSITION || Int(position) >= items.count ? nil : Int(position)
        }
        set { gtk_drop_down_set_selected(dropDown, newValue.map { guint($0) } ?? GTK_INVALID_LIST_POSITION) }
    }

    /// The chosen item; setting a string that is not an item clears the choice.
    public var selectedItem: String? {
        get { selectedIndex.map { items[$0] } }
        set { selectedIndex = newValue.flatMap { items.firstIndex(of: $0) } }
    }

    /// Calls `handler` when the choice changes.
    @discardableResult
    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("selected", handler)
    }
}
