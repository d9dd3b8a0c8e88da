internal import CGtk

/// libadwaita's header bar (`AdwHeaderBar`): GNOME's flat title bar, with the window buttons
/// and widgets at either end; placed inside an `ApplicationWindow`'s content.
@MainActor
public final class AdwaitaHeaderBar: Widget {
    private var children: [Widget] = []

    /// An empty header bar showing the window title.
    public init() {
        super.init(widget: adw_header_bar_new())
    }

    private var bar: OpaquePointer { OpaquePointer(raw) }

    /// Adds `child` at the start (left in left-to-right locales).
    public func packStart(_ child: Widget) {
        adw_header_bar_pack_start(bar, child.widgetPointer)
        children.append(child)
    }

    /// Adds `child` at the end.
    public func packEnd(_ child: Widget) {
        adw_header_bar_pack_end(bar, child.widgetPointer)
        children.append(child)
    }

    /// A widget shown instead of the window title.
    public func setTitleWidget(_ child: Widget?) {
        adw_header_bar_set_title_widget(bar, child?.widgetPointer)
        if let child { children.append(child) }
    }
}
