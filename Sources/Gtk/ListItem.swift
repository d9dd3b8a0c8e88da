internal import CGtk

/// A row of a list view as a factory sees it: its position, its item and its widget.
///
/// Valid only during the factory handler it is given to; the list view owns it.
@MainActor
public struct ListItem {
    /// The GtkListItem.
    let pointer: UnsafeMutableRawPointer

    init(_ pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
    }

    private var item: OpaquePointer { pf_list_item(pointer) }

    /// The row's position in the list, or nil while it shows none.
    public var position: Int? {
        let position = gtk_list_item_get_position(item)
        return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
    }

    /// The row's string, when the list is a `StringList`.
    public var string: String? {
        StringList.string(ofItem: gtk_list_item_get_item(item))
    }

    /// Whether the row is selected.
    public var isSelected: Bool { gtk_list_item_get_selected(item) != 0 }

    /// Shows `widget` as the row's widget; the list item keeps it alive.
    public func setChild(_ widget: Widget?) {
        gtk_list_item_set_child(item, widget?.widgetPointer)
    }

    /// The row's widget, as made in `onSetup`.
    public var child: Widget? { gtk_list_item_get_child(item).map { Widget(widget: $0) } }
}
