internal import CGtk

extension Widget {
    /// The size the widget asks for as it is now (its natural width, and its natural height at
    /// that width): what a container reserves for it. A hidden widget measures 0 × 0.
    public var naturalSize: (width: Int32, height: Int32) {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_widget_measure(widgetPointer, GTK_ORIENTATION_HORIZONTAL, -1, nil, &width, nil, nil)
        gtk_widget_measure(widgetPointer, GTK_ORIENTATION_VERTICAL, width, nil, &height, nil, nil)
        return (width, height)
    }

    /// The width GTK gave the widget at its last layout: 0 until it is first laid out (a shown
    /// widget may be mapped a frame before that).
    public var allocatedWidth: Int32 { gtk_widget_get_width(widgetPointer) }

    /// The height GTK gave the widget at its last layout: 0 until it is first laid out.
    public var allocatedHeight: Int32 { gtk_widget_get_height(widgetPointer) }
}
