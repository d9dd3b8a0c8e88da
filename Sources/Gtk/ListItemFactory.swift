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
/// factory.onBind { item in Label(casting: item.child!)?.text = item.string ?? "" }
/// ```
@MainActor
public final class ListItemFactory: Object {
    /// A factory with no handlers.
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()))
    }

    /// A handler given the list item being set up, bound, unbound or torn down.
    public typealias Handler = @MainActor (ListItem) -> Void

    /// Calls `handler` when a new row widget is needed.
    @discardableResult
    public func onSetup(_ handler: @escaping Handler) -> SignalConnection { connectItem("setup", handler) }

    /// Calls `handler` when a row widget is to show another row.
    @discardableResult
    public func onBind(_ handler: @escaping Handler) -> SignalConnection { connectItem("bind", handler) }

    /// Calls `handler` when a row widget stops showing its row.
    @discardableResult
    public func onUnbind(_ handler: @escaping Handler) -> SignalConnection { connectItem("unbind", handler) }

    /// Calls `handler` when a row widget is thrown away.
    @discardableResult
    public func onTeardown(_ handler: @escaping Handler) -> SignalConnection { connectItem("teardown", handler) }

    private func connectItem(_ signal: String, _ handler: @escaping Handler) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, item, data in
            let box = ClosureBox<Handler>.from(data)
            let item = MainThreadPointer(value: item)
            MainActor.assumeIsolated { box.body(ListItem(item.value!)) }
        }
        return connect(signal, trampoline: unsafeBitCast(trampoline, to: GCallback.self),
                       box: ClosureBox<Handler>(handler), after: false)
    }
}
