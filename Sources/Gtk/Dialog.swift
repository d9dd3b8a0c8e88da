internal import CGtk

/// A libadwaita dialog (`AdwDialog`): modal, shown inside its parent's window when that is a
/// libadwaita window (a bottom sheet when the window is narrow), and as a window of its own
/// over any other. Escape closes it, unless `canClose` is false.
@MainActor
open class Dialog: Widget {
    /// Wraps a dialog just made.
    override init(widget pointer: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: pointer)
    }

    /// Shows the dialog over the window that `parent` is in (nil: a window of its own).
    public func present(over parent: Widget?) {
        adw_dialog_present(pf_adw_dialog(raw), parent?.widgetPointer)
        if let ownWindow {
            // A window of its own (its parent is not a libadwaita window): it closes with its
            // parent, as a dialog inside a libadwaita window goes with that window.
            ownWindow.destroysWithParent = true
        } else {
            // Inside its parent's window: that window comes to the front with the keyboard
            // focus, as a dialog window of its own did when presented.
            rootWindow?.present()
        }
        nameFocusableParts(under: widgetPointer, by: title)
    }

    /// Names the parts libadwaita 1.7 makes focusable without a name, by the dialog's title
    /// (what they hold): the sheet that holds a dialog inside a window, and an alert dialog's
    /// scrolled message, which Tab reaches when the message has nothing focusable in it.
    private func nameFocusableParts(under widget: UnsafeMutablePointer<GtkWidget>, by title: String) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            let role = AccessibleRole(pf_accessible_role(current))
            if gtk_widget_get_focusable(current) != 0, role == .generic || role == .group {
                if role == .generic { pf_accessible_set_role(current, AccessibleRole.group.cValue) }
                pf_accessible_set_label(current, title)
            }
            nameFocusableParts(under: current, by: title)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// The window libadwaita made for the dialog, when it is not shown inside its parent's.
    public var ownWindow: Window? {
        guard let window = rootWindow, window.child === self else { return nil }
        return window
    }

    /// Closes the dialog as Escape does; refused (`close-attempt`) while `canClose` is false.
    @discardableResult
    public func close() -> Bool { adw_dialog_close(pf_adw_dialog(raw)) != 0 }
}

extension Widget {
    /// The dialog this widget is in (a row of Preferences: the Preferences dialog), if any.
    public var enclosingDialog: Dialog? {
        guard let dialog = gtk_widget_get_ancestor(widgetPointer, adw_dialog_get_type()) else { return nil }
        return Widget.wrapper(of: dialog) as? Dialog
    }
}
