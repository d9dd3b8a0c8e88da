internal import CGtk

/// libadwaita's view stack (`AdwViewStack`): named pages of which one shows at a time, each
/// with a title and an icon for the view switchers that choose between them.
@MainActor
public final class ViewStack: Widget {
    private var pages: [String: Widget] = [:]
    private var order: [String] = []

    /// An empty stack.
    public init() {
        super.init(widget: adw_view_stack_new())
    }

    var stack: OpaquePointer { OpaquePointer(raw) }

    /// Adds `child` as the page `name`, shown in switchers as `title` with `iconName`.
    public func add(_ child: Widget, name: String, title: String, iconName: String? = nil) {
        let page = adw_view_stack_add_titled(stack, child.widgetPointer, name, title)
        if let iconName { adw_view_stack_page_set_icon_name(page, iconName) }
        pages[name] = child
        order.append(name)
    }

    /// The names of the pages, in the order they were added.
    public var pageNames: [String] { order }

    /// The page widget named `name`.
    public func page(named name: String) -> Widget? { pages[name] }

    /// The name of the page shown.
    public var visibleChildName: String? {
        get { adw_view_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        set { if let newValue { adw_view_stack_set_visible_child_name(stack, newValue) } }
    }

    /// Calls `handler` when another page is shown (by a switcher or by code).
    @discardableResult
    public func onVisibleChildChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("visible-child", handler)
    }
}
