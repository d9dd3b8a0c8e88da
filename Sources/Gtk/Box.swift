internal import CGtk

/// A row or column of widgets.
@MainActor
public final class Box: Widget {

    /// A box with a given accessible role (`.group`, …), which GTK fixes when the box is made
    /// (`Box(.vertical, spacing: 12)` makes one with the default role).
    public convenience init(_ orientation: Orientation, spacing: Int32 = 0, role: AccessibleRole) {
        self.init(widget: pf_box_new_with_role(orientation.cValue, spacing, role.cValue))
    }

    /// Adds `child` at the end. The child's wrapper lives while it is in the box.
    public func append(_ child: Widget) {
        gtk_box_append(pf_box(raw), child.widgetPointer)
    }

    /// Removes `child`.
    public func remove(_ child: Widget) {
        gtk_box_remove(pf_box(raw), child.widgetPointer)
    }

    /// The children, in order.
    public var arrangedChildren: [Widget] { childWidgets }
}
