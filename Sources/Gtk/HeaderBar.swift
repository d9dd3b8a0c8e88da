internal import CGtk

/// A window's title bar with buttons at either end.
@MainActor
public final class HeaderBar: Widget {

    /// Adds `child` at the start (left in left-to-right locales).
    public func packStart(_ child: Widget) {
        gtk_header_bar_pack_start(pf_header_bar(raw), child.widgetPointer)
    }

    /// Adds `child` at the end.
    public func packEnd(_ child: Widget) {
        gtk_header_bar_pack_end(pf_header_bar(raw), child.widgetPointer)
    }

    /// A widget shown instead of the window title.
    public func setTitleWidget(_ child: Widget?) {
        gtk_header_bar_set_title_widget(pf_header_bar(raw), child?.widgetPointer)
    }
}
