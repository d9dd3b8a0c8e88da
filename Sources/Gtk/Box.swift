internal import CGtk

/// A row or column of widgets.
@MainActor
public final class Box: Widget {
    private var children: [Widget] = []

    /// A box laying out children along `orientation`, `spacing` pixels apart.
    ///
    /// ```swift
    /// let column = Box(.vertical, spacing: 12)
    /// ```
    public init(_ orientation: Orientation, spacing: Int32 = 0) {
        super.init(widget: gtk_box_new(orientation.cValue, spacing))
    }

    /// A box with a given accessible role (`.group`, …), which GTK fixes when the box is made.
    public init(_ orientation: Orientation, spacing: Int32 = 0, role: AccessibleRole) {
        super.init(widget: pf_box_new_with_role(orientation.cValue, spacing, role.cValue))
    }

    /// Adds `child` at the end. The box keeps the child's wrapper alive with it.
    public func append(_ child: Widget) {
        gtk_box_append(pf_box(raw), child.widgetPointer)
        children.append(child)
    }

    /// Removes `child`.
    public func remove(_ child: Widget) {
        gtk_box_remove(pf_box(raw), child.widgetPointer)
        children.removeAll { $0 === child }
    }

    /// The children, in order.
    public var arrangedChildren: [Widget] { children }
}
