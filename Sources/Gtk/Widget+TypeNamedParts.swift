internal import CGtk

/// Names for the inner parts GTK 4.8 and libadwaita 1.2 build without one, which screen
/// readers would hear by their type ("GtkShortcutLabel", "GtkColumnViewTitle",
/// "GtkSearchEntry", "AdwViewSwitcherButton"): each is named by the text it shows.
@MainActor
enum TypeNamedParts {
    /// Names `widget` by what it shows when it is one of the parts above; false when it is not
    /// (or shows no text), so the caller goes on with its other rules.
    static func name(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        switch String(cString: pf_object_type_name(widget)) {
        case "GtkShortcutLabel", "GtkColumnViewTitle":
            // A shortcut's keys ("Ctrl + S"), a column's title.
            let text = labelTexts(under: widget).joined(separator: " ")
            guard !text.isEmpty else { return false }
            pf_accessible_set_label(widget, text)
            return true
        case "GtkSearchEntry":
            guard let placeholder = pf_object_dup_string_property(widget, "placeholder-text") else { return false }
            defer { g_free(placeholder) }
            guard placeholder.pointee != 0 else { return false }
            pf_accessible_set_label(widget, placeholder)
            return true
        case "AdwViewSwitcherButton":
            // Labelled by its icon and its title, which GTK 4.8 runs together: named by the title.
            guard let title = pf_object_dup_string_property(widget, "label") else { return false }
            defer { g_free(title) }
            pf_accessible_reset_labelled_by(widget)
            pf_accessible_set_label(widget, title)
            return true
        default:
            return false
        }
    }

    /// The first text shown by a label at or under `widget`, or nil.
    static func firstLabelText(under widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        labelTexts(under: widget).first
    }

    /// The non-empty texts of the labels at or under `widget`, in order.
    private static func labelTexts(under widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        if pf_is_label(widget) != 0, gtk_widget_get_visible(widget) != 0,
           let text = gtk_label_get_text(pf_label(widget)) {
            let string = String(cString: text)
            return string.allSatisfy(\.isWhitespace) ? [] : [string]
        }
        var texts: [String] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            texts += labelTexts(under: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return texts
    }
}
