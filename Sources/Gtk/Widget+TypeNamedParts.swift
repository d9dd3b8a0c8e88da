internal import CGtk

/// Names for the inner parts GTK 4.8 and libadwaita 1.2 build without one, which screen
/// readers would hear by their type ("GtkShortcutLabel", "GtkColumnViewTitle",
/// "GtkSearchEntry", "AdwViewSwitcherButton"): each is named by the text it shows.
@MainActor
enum TypeNamedParts {
    /// Names `widget` by what it shows when it is one of the parts above; false when it is not
    /// (or shows no text), so the caller goes on with its other rules. A part that shows no
    /// text of its own (an untitled page's switcher button, a scrolled window) is named like
    /// its window, `windowTitle`; a search entry with no placeholder is `names.search`.
    static func name(_ widget: UnsafeMutablePointer<GtkWidget>, _ names: InternalPartNames, windowTitle: String) -> Bool {
        switch typeName(widget) {
        case "GtkShortcutLabel", "GtkColumnViewTitle":
            // A shortcut's keys ("Ctrl + S"), a column's title.
            let text = labelTexts(under: widget).joined(separator: " ")
            guard !text.isEmpty else { return false }
            pf_accessible_set_label(widget, text)
            return true
        case "GtkListItemWidget":
            // An item of a plain list (a combo row's popup), by its text; a table's rows (in a
            // GtkColumnView) are named by their cells elsewhere.
            guard let parent = gtk_widget_get_parent(widget), typeName(parent) == "GtkListView",
                  let grandparent = gtk_widget_get_parent(parent), typeName(grandparent) != "GtkColumnView" else { return false }
            let text = labelTexts(under: widget).joined(separator: " ")
            guard !text.isEmpty else { return false }
            pf_accessible_set_label(widget, text)
            return true
        case "GtkListBox", "GtkListView":
            // A preferences group's rows, a combo row's popup: by the group's or the row's title
            // (a table's own list is named with the table).
            if let parent = gtk_widget_get_parent(widget), typeName(parent) == "GtkColumnView" { return false }
            guard let title = titledAncestor(of: widget) ?? (windowTitle.isEmpty ? nil : windowTitle) else { return false }
            pf_accessible_set_label(widget, title)
            return false
        case "GtkMenuButton":
            // The shortcuts window's section chooser: by its label, else its tooltip (the main
            // menu's), else like its window.
            let label = stringProperty(widget, "label") ?? ""
            let tooltip = gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } ?? ""
            let name = !label.isEmpty ? label : !tooltip.isEmpty ? tooltip : windowTitle
            guard !name.isEmpty else { return false }
            pf_accessible_set_label(widget, name)
            return false
        case "GtkTextView":
            // About's legal and troubleshooting texts (read-only): like their window. An
            // editable one (a form's Notes) keeps the name its input gave it.
            guard !windowTitle.isEmpty, gtk_text_view_get_editable(pf_text_view(widget)) == 0 else { return false }
            pf_accessible_set_label(widget, windowTitle)
            return false
        case "GtkButton" where gtk_button_get_label(pf_button(widget)) == nil && gtk_widget_get_tooltip_text(widget) == nil:
            // About's Back (an icon alone), or a button showing a text of its own making.
            if let text = firstLabelText(under: widget) {
                pf_accessible_set_label(widget, text)
            } else if !names.back.isEmpty, iconName(inside: widget)?.hasPrefix("go-previous") == true {
                pf_accessible_set_label(widget, names.back)
            }
            return false
        case "GtkSearchEntry":
            let placeholder = stringProperty(widget, "placeholder-text") ?? ""
            let name = placeholder.isEmpty ? names.search : placeholder
            guard !name.isEmpty else { return false }
            pf_accessible_set_label(widget, name)
            return true
        case "AdwViewSwitcherButton":
            // Labelled by its icon and its title, which GTK 4.8 runs together: named by the title.
            let title = stringProperty(widget, "label") ?? ""
            pf_accessible_reset_labelled_by(widget)
            pf_accessible_set_label(widget, title.isEmpty ? windowTitle : title)
            return true
        case "GtkActionBar":
            // A bar (libadwaita's view switcher bar, About's): by what it holds, the texts shown
            // in it, else like its window.
            let held = labelTexts(under: widget).joined(separator: ", ")
            let name = held.isEmpty ? windowTitle : held
            guard !name.isEmpty else { return false }
            pf_accessible_set_label(widget, name)
            return false
        case "GtkStackSwitcher":
            // The shortcuts window's section chooser (hidden with one section): like its window.
            guard !windowTitle.isEmpty else { return false }
            pf_accessible_set_label(widget, windowTitle)
            return false
        case "GtkScrolledWindow":
            // Focusable in GTK 4.8 but unnamed: it scrolls the window's content.
            guard !windowTitle.isEmpty else { return false }
            pf_accessible_set_label(widget, windowTitle)
            return false
        default:
            return false
        }
    }

    /// Whether `widget` is an icon GTK draws itself (a menu button's or an expander's arrow, a
    /// check box's mark), which GTK 4.8 names "GtkBuiltinIcon".
    static func isIcon(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        typeName(widget) == "GtkBuiltinIcon"
    }

    /// Whether `widget` is a table (a GtkColumnView), whose cells are read by their place.
    static func isTable(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        typeName(widget) == "GtkColumnView"
    }

    /// The name `widget` gives the parts inside it, when it is a check box, an expander or a
    /// menu button (its label, else its tooltip) or a titled libadwaita row or group (its
    /// title); nil otherwise or when it has none.
    static func ownName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        let labelled: Set<String> = ["GtkCheckButton", "GtkExpander", "GtkMenuButton"]
        let titled: Set<String> = ["AdwPreferencesGroup", "AdwComboRow", "AdwActionRow", "AdwExpanderRow", "AdwEntryRow",
                                   "AdwPasswordEntryRow", "AdwPreferencesRow"]
        let type = typeName(widget)
        if labelled.contains(type) {
            if let label = stringProperty(widget, "label"), !label.isEmpty { return label }
            if let tip = gtk_widget_get_tooltip_text(widget), tip.pointee != 0 { return String(cString: tip) }
        } else if titled.contains(type), let title = stringProperty(widget, "title"), !title.isEmpty {
            return title
        }
        return nil
    }

    /// The title of the nearest libadwaita group or row around `widget`, if it has one.
    private static func titledAncestor(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        let titled: Set<String> = ["AdwPreferencesGroup", "AdwComboRow", "AdwActionRow", "AdwExpanderRow"]
        var ancestor = gtk_widget_get_parent(widget)
        while let current = ancestor {
            if titled.contains(typeName(current)), let title = stringProperty(current, "title"), !title.isEmpty {
                return title
            }
            ancestor = gtk_widget_get_parent(current)
        }
        return nil
    }

    private static func iconName(inside widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        if pf_is_image(widget) != 0 {
            return gtk_image_get_icon_name(pf_image(widget)).map { String(cString: $0) }
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let name = iconName(inside: current) { return name }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    private static func typeName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: pf_object_type_name(widget))
    }

    private static func stringProperty(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String) -> String? {
        guard let value = pf_object_dup_string_property(widget, name) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
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
