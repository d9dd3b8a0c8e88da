internal import CGtk

extension Box {
    /// Moves `child` to right after `sibling` (to the start with nil), without taking it out
    /// of the box: it keeps its focus and its accessible object, which a screen reader follows
    /// (taken out and put back, GTK 4.8 gives it a new one and the screen reader loses the focus).
    /// - Precondition: `child` and `sibling` are children of this box.
    public func reorder(_ child: Widget, after sibling: Widget?) {
        gtk_box_reorder_child_after(pf_box(raw), child.widgetPointer, sibling?.widgetPointer)
    }
}
