internal import CGtk

extension Box {
    /// Moves `child` to right after `sibling` (to the start with nil), without taking it out
    /// of the box: it keeps its focus and its accessible object, which a screen reader follows
    /// (taken out and put back, GTK 4.8 gives it a new one and the screen reader loses the focus).
    /// - Precondition: `child` and `sibling` are children of this box.
    public func reorder(_ child: Widget, after sibling: Widget?) {
        gtk_box_reorder_child_after(pf_box(raw), child.widgetPointer, sibling?.widgetPointer)
    }

    /// Adds `child` right after `sibling` (at the start with nil): the other children stay where
    /// they are, so an insertion in a long list touches no other child.
    /// - Precondition: `child` has no parent, and `sibling` is a child of this box.
    public func insert(_ child: Widget, after sibling: Widget?) {
        gtk_box_insert_child_after(pf_box(raw), child.widgetPointer, sibling?.widgetPointer)
    }
}
