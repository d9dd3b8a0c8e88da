internal import CGtk

extension Widget {
    /// Names every labelled button inside this widget by its label alone. libadwaita 1.2 labels
    /// the buttons it makes (a toast's action; AdwMessageDialog's responses were another) both by their text
    /// and by their label widget, which GTK 4.8 runs together: screen readers said "Cancel Cancel".
    public func nameButtonsByTheirLabels() {
        nameButtons(under: widgetPointer)
    }

    private func nameButtons(under widget: UnsafeMutablePointer<GtkWidget>) {
        if pf_is_button(widget) != 0, let label = gtk_button_get_label(pf_button(widget)) {
            pf_accessible_reset_labelled_by(widget)
            pf_accessible_set_label(widget, label)
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            nameButtons(under: current)
            child = gtk_widget_get_next_sibling(current)
        }
    }
}
