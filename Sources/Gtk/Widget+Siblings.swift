internal import CGtk

extension Widget {
    /// Puts this widget into `sibling`'s parent, right after `sibling` (a widget kept beside
    /// another, such as the room an error line takes while it is hidden).
    /// - Precondition: `sibling` has a parent, and this widget has none.
    public func insert(after sibling: Widget) {
        guard let parent = gtk_widget_get_parent(sibling.widgetPointer) else {
            preconditionFailure("\(sibling) has no parent to insert beside")
        }
        gtk_widget_insert_after(widgetPointer, parent, sibling.widgetPointer)
    }
}

extension Widget {
    /// Whether the widget is inside another one.
    public var hasParent: Bool { gtk_widget_get_parent(widgetPointer) != nil }
}
