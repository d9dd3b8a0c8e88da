internal import CGtk

/// Makes and fills the widgets of the rows a list view shows (GtkSignalListItemFactory).
///
/// A list view asks for widgets only for the rows on screen and a few around them, then
/// rebinds those widgets to other rows as they scroll: `onSetup` makes a row's widget once,
/// `onBind` fills it for a row.
///
/// ```swift
/// let factory = ListItemFactory()
/// factory.onSetup { item in item.setChild(Label()) }
/// factory.onBind { item in (item.child as? Label)?.text = item.string ?? "" }
/// ```
@MainActor
public final class ListItemFactory: Object {
    /// A handler given the list item being set up, bound, unbound or torn down.
    public typealias Handler = @MainActor (ListItem) -> Void

    /// Calls `handler` when a new row widget is needed.
    @discardableResult
    public func onSetup(_ handler: @escaping Handler) -> SignalConnection { connectSetup { handler(ListItem($0!)) } }

    /// Calls `handler` when a row widget is to show another row.
    @discardableResult
    public func onBind(_ handler: @escaping Handler) -> SignalConnection { connectBind { handler(ListItem($0!)) } }

    /// Calls `handler` when a row widget stops showing its row.
    @discardableResult
    public func onUnbind(_ handler: @escaping Handler) -> SignalConnection { connectUnbind { handler(ListItem($0!)) } }

    /// Calls `handler` when a row widget is thrown away.
    @discardableResult
    public func onTeardown(_ handler: @escaping Handler) -> SignalConnection { connectTeardown { handler(ListItem($0!)) } }
}
