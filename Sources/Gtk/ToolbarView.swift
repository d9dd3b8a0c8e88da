internal import CGtk

/// libadwaita's toolbar view (`AdwToolbarView`): a content with bars above it (a header bar)
/// and below it (a view switcher bar), the bars drawn flat or raised as GNOME's windows are.
@MainActor
public final class ToolbarView: Widget {

    private var view: OpaquePointer { OpaquePointer(raw) }

    /// What the bars frame.
    public var content: Widget? {
        get { Widget.wrapper(of: adw_toolbar_view_get_content(view)) }
        set { adw_toolbar_view_set_content(view, newValue?.widgetPointer) }
    }

    /// Adds `bar` above the content, under the bars added before.
    public func addTopBar(_ bar: Widget) {
        adw_toolbar_view_add_top_bar(view, bar.widgetPointer)
    }

    /// Adds `bar` below the content, under the bars added before.
    public func addBottomBar(_ bar: Widget) {
        adw_toolbar_view_add_bottom_bar(view, bar.widgetPointer)
    }
}
