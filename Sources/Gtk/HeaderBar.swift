internal import CGtk

/// A window's title bar with buttons at either end.
@MainActor
public final class HeaderBar: Widget {
    private var children: [Widget] = []

    /// An empty header bar showing the window title.
    public init() {
        super.init(widget: gtk_header_bar_new())
    }

    /// Adds `child` at the start (left in left-to-right locales).
    public func packStart(_ child: Widget) {
        gtk_header_bar_pack_start(pf_header_bar(raw), child.widgetPointer)
        children.append(child)
    }

    /// Adds `child` at the end.
    public func packEnd(_ child: Widget) {
        gtk_header_bar_pack_end(pf_header_bar(raw), child.widgetPointer)
        children.append(child)
    }

    /// A widget shown instead of the window title.
    public func setTitleWidget(_ child: Widget?) {
        gtk_header_bar_set_title_widget(pf_header_bar(raw), child?.widgetPointer)
        if let child { children.append(child) }
    }
}
