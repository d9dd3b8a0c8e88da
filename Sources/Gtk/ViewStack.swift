internal import CGtk

/// libadwaita's view stack (`AdwViewStack`): named pages of which one shows at a time, each
/// with a title and an icon for the view switchers that choose between them.
@MainActor
public final class ViewStack: Widget {
    var stack: OpaquePointer { OpaquePointer(raw) }

    /// Adds `child` as the page `name`, shown in switchers as `title` with `iconName`.
    public func add(_ child: Widget, name: String, title: String, iconName: String? = nil) {
        let page = adw_view_stack_add_titled(stack, child.widgetPointer, name, title)
        if let iconName { adw_view_stack_page_set_icon_name(page, iconName) }
    }

    /// The names of the pages, in the order they were added.
    public var pageNames: [String] {
        guard let pages = adw_view_stack_get_pages(stack) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(pages)) }
        let list = pf_list_model(UnsafeMutableRawPointer(pages))
        return (0..<g_list_model_get_n_items(list)).compactMap { position in
            guard let page = g_list_model_get_item(list, position) else { return nil }
            defer { g_object_unref(page) }
            return adw_view_stack_page_get_name(OpaquePointer(page)).map { String(cString: $0) }
        }
    }

    /// The page widget named `name`.
    public func page(named name: String) -> Widget? { Widget.wrapper(of: adw_view_stack_get_child_by_name(stack, name)) }

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
