internal import CGtk

/// Pages of which one shows at a time.
@MainActor
public final class Stack: Widget {
    /// Adds `child` as the page `name`.
    public func add(_ child: Widget, name: String, title: String? = nil) {
        if let title {
            gtk_stack_add_titled(pf_stack(raw), child.widgetPointer, name, title)
        } else {
            gtk_stack_add_named(pf_stack(raw), child.widgetPointer, name)
        }
    }

    /// Removes the page `name`.
    public func remove(name: String) {
        guard let child = gtk_stack_get_child_by_name(pf_stack(raw), name) else { return }
        gtk_stack_remove(pf_stack(raw), child)
    }

    /// The page shown.
    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(pf_stack(raw)).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(pf_stack(raw), newValue) } }
    }

    /// The page widget named `name`.
    public func page(named name: String) -> Widget? { Widget.wrapper(of: gtk_stack_get_child_by_name(pf_stack(raw), name)) }
}
