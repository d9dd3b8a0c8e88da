internal import CGtk

extension Widget {
    /// The text shown when the pointer rests on the widget (nil: none).
    public var tooltipText: String? {
        get { gtk_widget_get_tooltip_text(widgetPointer).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widgetPointer, newValue) }
    }
}
