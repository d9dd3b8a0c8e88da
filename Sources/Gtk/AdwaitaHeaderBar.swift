internal import CGtk

/// libadwaita's header bar (`AdwHeaderBar`): GNOME's flat title bar, with the window buttons
/// and widgets at either end; placed inside an `ApplicationWindow`'s content.
@MainActor
public final class AdwaitaHeaderBar: Widget {

    private var bar: OpaquePointer { OpaquePointer(raw) }

    /// Adds `child` at the start (left in left-to-right locales).
    public func packStart(_ child: Widget) {
        adw_header_bar_pack_start(bar, child.widgetPointer)
    }

    /// Adds `child` at the end.
    public func packEnd(_ child: Widget) {
        adw_header_bar_pack_end(bar, child.widgetPointer)
    }

    /// A widget shown instead of the window title.
    public func setTitleWidget(_ child: Widget?) {
        adw_header_bar_set_title_widget(bar, child?.widgetPointer)
    }
}
