internal import CGtk

/// The names given to the parts GTK and libadwaita build inside their widgets, which GTK 4.8
/// would otherwise name by their type ("GtkScrollbar", "GtkImage", "GtkStackPage") for screen
/// readers.
public struct InternalPartNames: Sendable {
    /// A scroll bar ("Scroll bar").
    public var scrollBar: String
    /// An icon-only close button with no name of its own ("Close").
    public var close: String
    /// A search entry with no placeholder ("Search"); empty: left as GTK names it.
    public var search: String
    /// An icon-only back button with no name of its own ("Back"); empty: left as GTK names it.
    public var back: String

    /// The names, in the user's language.
    public init(scrollBar: String, close: String, search: String = "", back: String = "") {
        self.scrollBar = scrollBar
        self.close = close
        self.search = search
        self.back = back
    }
}

extension Widget {
    /// Names, under this widget, the parts GTK 4.8 would name by their type: scroll bars (and
    /// the range inside them), an icon inside a button (by the button: its label, its tooltip,
    /// or "Close" for a close icon), and a stack's pages (by their title, else their child's
    /// name is left to the child: the page is named like the stack's window).
    ///
    /// Call it once the widget's parts exist (after it is shown, or after a toast was added).
    /// A part that shows no text of its own is named like the dialog it is in (Preferences),
    /// else like its window.
    public func nameInternalParts(_ names: InternalPartNames) {
        let dialogTitle = enclosingDialog?.title ?? ""
        nameParts(under: widgetPointer, names, windowTitle: dialogTitle.isEmpty ? rootWindow?.title ?? "" : dialogTitle)
    }

    private func nameParts(under widget: UnsafeMutablePointer<GtkWidget>, _ names: InternalPartNames, windowTitle: String,
                           inTable: Bool = false) {
        if TypeNamedParts.name(widget, names, windowTitle: windowTitle) {
            // Named by the text it shows (a shortcut's keys, a column's title, …).
        } else if pf_is_scrollbar(widget) != 0 {
            pf_accessible_set_label(widget, names.scrollBar)
        } else if pf_is_range(widget) != 0, let parent = gtk_widget_get_parent(widget), pf_is_scrollbar(parent) != 0 {
            pf_accessible_set_label(widget, names.scrollBar)
        } else if pf_is_image(widget) != 0 || TypeNamedParts.isIcon(widget) {
            // An icon (an image, a menu button's or a check box's drawn arrow or mark): by what
            // it belongs to.
            pf_accessible_set_label(widget, Self.ownerName(of: widget, names, windowTitle: windowTitle))
        } else if pf_is_label(widget) != 0, !inTable {
            // An empty label (a message not shown yet, a row's missing subtitle) is kept out of
            // what a screen reader reads until it shows a text. A table's cell stays: an empty
            // cell is a value (none), and a row's cells are read by their place.
            Self.hideWhileEmpty(widget)
        } else if pf_is_button(widget) != 0, gtk_button_get_label(pf_button(widget)) == nil,
                  Self.iconName(inside: widget) == "window-close-symbolic" {
            // libadwaita 1.2's toast labels its close button by a part of its own as well: with
            // both, GTK 4.8 says "Close Close". Named by the label alone.
            pf_accessible_reset_labelled_by(widget)
            pf_accessible_set_label(widget, names.close)
        } else if pf_is_stack(widget) != 0 {
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                if let page = gtk_stack_get_page(pf_stack(widget), current) {
                    let title = gtk_stack_page_get_title(page).map { String(cString: $0) } ?? windowTitle
                    pf_accessible_set_label(UnsafeMutableRawPointer(page), title)
                }
                child = gtk_widget_get_next_sibling(current)
            }
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            nameParts(under: current, names, windowTitle: windowTitle,
                      inTable: inTable || TypeNamedParts.isTable(widget))
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// The name of what a part belongs to: the button it is in (see `buttonName`), else the
    /// check box, expander or menu button around it (its label, else its tooltip), else the
    /// libadwaita row or group (its title), else its window (`windowTitle`).
    private static func ownerName(of part: UnsafeMutablePointer<GtkWidget>, _ names: InternalPartNames,
                                  windowTitle: String) -> String {
        var ancestor = gtk_widget_get_parent(part)
        while let current = ancestor {
            if pf_is_button(current) != 0, let name = buttonName(of: current, names) { return name }
            if let name = TypeNamedParts.ownName(current) { return name }
            ancestor = gtk_widget_get_parent(current)
        }
        return windowTitle
    }

    /// A button's name: its label, else its tooltip, else "Close" for a close icon, else the
    /// text shown in it; nil when it shows none.
    private static func buttonName(of button: UnsafeMutablePointer<GtkWidget>, _ names: InternalPartNames) -> String? {
        if let label = gtk_button_get_label(pf_button(button)), label.pointee != 0 { return String(cString: label) }
        if let tip = gtk_widget_get_tooltip_text(button), tip.pointee != 0 { return String(cString: tip) }
        if let icon = iconName(inside: button), icon == "window-close-symbolic" { return names.close }
        // A view switcher's button, a row's icon: the text shown beside the icon.
        return TypeNamedParts.firstLabelText(under: button)
    }

    /// The icon name of the first image inside `widget`, if any.
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
}

/// Marks the labels `hideWhileEmpty` follows already (one handler each, kept with the label).
private let followsEmptinessQuark = g_quark_from_string("pinform-follows-emptiness")

extension Widget {
    /// Keeps an internal label out of what assistive technologies see while it shows no text
    /// (GTK 4.8 names an empty label "GtkLabel"), and back in as soon as it shows one.
    fileprivate static func hideWhileEmpty(_ label: UnsafeMutablePointer<GtkWidget>) {
        let object = UnsafeMutableRawPointer(label)
        let gobject = object.assumingMemoryBound(to: GObject.self)
        guard g_object_get_qdata(gobject, followsEmptinessQuark) == nil else { return }
        // A marker only (no value to release): the label is followed once.
        g_object_set_qdata(gobject, followsEmptinessQuark, object)
        followEmptiness(label)
        // The handler goes with the label, so the pointer it holds is the label's own.
        connectNotify(of: object, "label") { followEmptiness(label) }
    }

    private static func followEmptiness(_ label: UnsafeMutablePointer<GtkWidget>) {
        let text = gtk_label_get_text(pf_label(label)).map { String(cString: $0) } ?? ""
        pf_accessible_set_hidden(label, text.allSatisfy(\.isWhitespace) ? 1 : 0)
    }
}

