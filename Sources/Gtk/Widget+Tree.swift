internal import CGtk

/// Walking the widget tree: GTK's own children too (a dialog's buttons, an entry's text), not
/// only those added from Swift. Each widget found is its one wrapper (made of the most specific
/// class known when it has none yet: cast it with `as? Button`, …).
extension Widget {
    /// The widget's children, in order.
    public var childWidgets: [Widget] {
        var result: [Widget] = []
        var child = gtk_widget_get_first_child(widgetPointer)
        while let current = child {
            result.append(Widget.wrapper(of: current))
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }

    /// The widget this one is a child of, if any.
    public var parentWidget: Widget? {
        gtk_widget_get_parent(widgetPointer).map { Widget.wrapper(of: $0) }
    }

    /// Every widget under this one, depth first, parents before their children.
    public var descendants: [Widget] {
        var result: [Widget] = []
        func walk(_ widget: UnsafeMutablePointer<GtkWidget>) {
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                result.append(Widget.wrapper(of: current))
                walk(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        walk(widgetPointer)
        return result
    }

    /// The widget's name in CSS (its node: "button", "text", "placeholder", …).
    public var cssName: String { String(cString: gtk_widget_get_css_name(widgetPointer)) }

    /// The icon name the widget shows when it is an image ("" for an image of no named
    /// icon), else nil.
    public var imageIconName: String? {
        guard pf_is_image(raw) != 0 else { return nil }
        return gtk_image_get_icon_name(pf_image(raw)).map { String(cString: $0) } ?? ""
    }
}

extension Widget {
    /// The window the widget is in, if it is in one.
    public var rootWindow: Window? {
        guard let root = gtk_widget_get_root(widgetPointer), pf_is_window(UnsafeMutableRawPointer(root)) != 0 else {
            return nil
        }
        return Widget.wrapper(of: pf_widget(UnsafeMutableRawPointer(root))) as? Window
    }
}
