import CGtk

/// A row or column of widgets.
@MainActor
public final class Box: Widget {
    private var children: [Widget] = []

    /// A box laying out children along `orientation`, `spacing` pixels apart.
    public init(_ orientation: GtkOrientation, spacing: Int32 = 0) {
        super.init(widget: gtk_box_new(orientation, spacing))
    }

    /// A box with a given accessible role (`GTK_ACCESSIBLE_ROLE_GROUP`, …).
    public init(_ orientation: GtkOrientation, spacing: Int32 = 0, role: GtkAccessibleRole) {
        super.init(widget: pf_box_new_with_role(orientation, spacing, role))
    }

    /// Adds `child` at the end. The box keeps the child's wrapper alive with it.
    public func append(_ child: Widget) {
        gtk_box_append(pf_box(raw), child.widgetPointer)
        children.append(child)
    }

    /// Adds `child` at the start.
    public func prepend(_ child: Widget) {
        gtk_box_prepend(pf_box(raw), child.widgetPointer)
        children.insert(child, at: 0)
    }

    /// Removes `child`.
    public func remove(_ child: Widget) {
        gtk_box_remove(pf_box(raw), child.widgetPointer)
        children.removeAll { $0 === child }
    }

    /// The children, in order.
    public var arrangedChildren: [Widget] { children }

    /// Whether all children get the same size.
    public var isHomogeneous: Bool {
        get { gtk_box_get_homogeneous(pf_box(raw)) != 0 }
        set { gtk_box_set_homogeneous(pf_box(raw), newValue ? 1 : 0) }
    }
}
