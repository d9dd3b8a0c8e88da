import CGtk

/// A child with other widgets floating over it (a toast over the content, …).
@MainActor
public final class Overlay: Widget {
    private var children: [Widget] = []

    /// An overlay showing `child` underneath.
    public init(child: Widget) {
        super.init(widget: gtk_overlay_new())
        gtk_overlay_set_child(pf_overlay(raw), child.widgetPointer)
        children.append(child)
    }

    /// Floats `widget` over the child, placed by its alignment.
    public func addOverlay(_ widget: Widget) {
        gtk_overlay_add_overlay(pf_overlay(raw), widget.widgetPointer)
        children.append(widget)
    }
}
