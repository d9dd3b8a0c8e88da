internal import CGtk

/// libadwaita's view switcher (`AdwViewSwitcher`): the pages of a `ViewStack` as buttons, for a
/// header bar's title; on a narrow window a breakpoint hides it and reveals a
/// `ViewSwitcherBar` at the bottom instead.
@MainActor
public final class ViewSwitcher: Widget {
    private var stack: ViewStack?

    /// A switcher for `stack`, its buttons' icons beside their titles.
    public convenience init(stack: ViewStack) {
        self.init()
        adw_view_switcher_set_stack(switcher, stack.stack)
        adw_view_switcher_set_policy(switcher, ADW_VIEW_SWITCHER_POLICY_WIDE)
        self.stack = stack
        // libadwaita names them when they are first shown; ours come after.
        connect("map") { [unowned self] in
            nameViewSwitchers(under: widgetPointer, listName: accessibleName)
        }
    }

    private var switcher: OpaquePointer { OpaquePointer(raw) }

    /// What screen readers call the switcher (its buttons are each named by their page).
    public var accessibleName = "Views" {
        didSet { setAccessibleLabel(accessibleName) }
    }
}

/// Names the view switchers under `widget` `listName`, and each of their buttons by its page's
/// title. libadwaita 1.2 names a switcher "AdwViewSwitcher" for screen readers and a button by
/// its icon and title run together (" Size").
@MainActor
func nameViewSwitchers(under widget: UnsafeMutablePointer<GtkWidget>, listName: String) {
    switch String(cString: pf_object_type_name(widget)) {
    case "AdwViewSwitcher":
        pf_accessible_set_label(widget, listName)
    case "AdwViewSwitcherButton":
        // Labelled by its icon and its title, which GTK 4.8 runs together: named by the title alone.
        if let title = pf_object_dup_string_property(widget, "label") {
            pf_accessible_reset_labelled_by(widget)
            pf_accessible_set_label(widget, title)
            g_free(title)
        }
        return
    default:
        break
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
        nameViewSwitchers(under: current, listName: listName)
        child = gtk_widget_get_next_sibling(current)
    }
}
