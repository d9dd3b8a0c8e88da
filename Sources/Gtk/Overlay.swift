internal import CGtk

/// A child with other widgets floating over it (a toast over the content, …).
@MainActor
public final class Overlay: Widget {

    /// An overlay showing `child` underneath.
    public convenience init(child: Widget) {
        self.init()
        gtk_overlay_set_child(pf_overlay(raw), child.widgetPointer)
    }

    /// An overlay with an accessible role (construct-only in GTK): with the default one GTK 4.8
    /// shows it as a "filler" named "GtkOverlay".
    public convenience init(child: Widget, role: AccessibleRole) {
        self.init(widget: pf_widget_new_with_role(gtk_overlay_get_type(), role.cValue))
        gtk_overlay_set_child(pf_overlay(raw), child.widgetPointer)
    }

    /// Floats `widget` over the child, placed by its alignment.
    public func addOverlay(_ widget: Widget) {
        gtk_overlay_add_overlay(pf_overlay(raw), widget.widgetPointer)
    }
}
