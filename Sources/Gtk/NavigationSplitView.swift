internal import CGtk

/// libadwaita's navigation split view (`AdwNavigationSplitView`): a sidebar and a content page
/// side by side, or — once a breakpoint sets `isCollapsed` — one at a time, the content over
/// the sidebar as a navigation view: Escape, Alt+Left, the back mouse button and a swipe go
/// back to the sidebar.
///
/// ```swift
/// let split = NavigationSplitView()
/// split.sidebar = NavigationPage(child: list, title: "Person")
/// split.content = NavigationPage(child: form, title: "New Record")
/// breakpoint.addSetter(split, "collapsed", true)
/// list.onActivate { split.showsContent = true }
/// ```
@MainActor
public final class NavigationSplitView: Widget {

    private var split: OpaquePointer { OpaquePointer(raw) }

    /// The page at the start (the list), shown first when collapsed.
    public var sidebar: NavigationPage? {
        get { Widget.wrapper(of: adw_navigation_split_view_get_sidebar(split).map { pf_widget($0) }) as? NavigationPage }
        set { adw_navigation_split_view_set_sidebar(split, newValue.map { pf_adw_navigation_page($0.raw) }) }
    }

    /// The page beside the sidebar (what the list opens), over it when collapsed.
    public var content: NavigationPage? {
        get { Widget.wrapper(of: adw_navigation_split_view_get_content(split).map { pf_widget($0) }) as? NavigationPage }
        set { adw_navigation_split_view_set_content(split, newValue.map { pf_adw_navigation_page($0.raw) }) }
    }

    /// The narrowest the sidebar gets side by side, in pixels.
    public var minimumSidebarWidth: Double {
        get { adw_navigation_split_view_get_min_sidebar_width(split) }
        set { adw_navigation_split_view_set_min_sidebar_width(split, newValue) }
    }

    /// The widest the sidebar gets side by side, in pixels.
    public var maximumSidebarWidth: Double {
        get { adw_navigation_split_view_get_max_sidebar_width(split) }
        set { adw_navigation_split_view_set_max_sidebar_width(split, newValue) }
    }

    /// The sidebar's share of the width side by side, between the two limits above.
    public var sidebarWidthFraction: Double {
        get { adw_navigation_split_view_get_sidebar_width_fraction(split) }
        set { adw_navigation_split_view_set_sidebar_width_fraction(split, newValue) }
    }

    /// Whether the content shows: always side by side, while `showsContent` when collapsed.
    public var isContentVisible: Bool { !isCollapsed || showsContent }

    /// Calls `handler` when the view collapses or goes back to side by side.
    @discardableResult
    public func onCollapsedChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("collapsed", handler)
    }

    /// Calls `handler` when the content comes over the sidebar or goes (back, Escape, a swipe).
    @discardableResult
    public func onShowsContentChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("show-content", handler)
    }
}
