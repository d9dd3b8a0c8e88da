internal import CGtk

/// One page of a `NavigationSplitView` (`AdwNavigationPage`): its child and a title, which
/// names the page for screen readers (Orca says it when the focus enters the page).
///
/// ```swift
/// let records = NavigationPage(child: list, title: "Person")
/// records.tag = "records"
/// ```
@MainActor
public final class NavigationPage: Widget {

    /// What the page shows.
    public var child: Widget? {
        get { Widget.wrapper(of: adw_navigation_page_get_child(pf_adw_navigation_page(raw))) }
        set { adw_navigation_page_set_child(pf_adw_navigation_page(raw), newValue?.widgetPointer) }
    }
}
