internal import CGtk

extension Widget {
    /// The narrowest the widget can be (`gtk_widget_measure`'s horizontal minimum): what it
    /// adds to its window's minimum width. A hidden widget measures 0.
    public var minimumWidth: Int32 { minimumWidth(forHeight: -1) }

    /// The narrowest the widget can be at `height` pixels tall (-1: at any height). A window
    /// is at least this wide at its height: a form that needs more height than the window
    /// has at its narrowest widens the window until it fits.
    public func minimumWidth(forHeight height: Int32) -> Int32 {
        var width: Int32 = 0
        gtk_widget_measure(widgetPointer, GTK_ORIENTATION_HORIZONTAL, height, &width, nil, nil, nil)
        return width
    }
}

