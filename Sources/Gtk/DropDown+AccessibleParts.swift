internal import CGtk

// Names for the parts GtkDropDown builds inside itself, which GTK 4.8 leaves unnamed: its button
// (the focused part, read as "GtkToggleButton") and the items of its popup (read as empty).
extension DropDown {
    /// Names the button by the chosen item (kept as the choice changes) and each item of the
    /// popup by its text.
    func nameAccessibleParts() {
        nameButtonByChoice()
        onNotify("selected") { [weak self] in self?.nameButtonByChoice() }
        let factory = ListItemFactory()
        factory.onSetup { item in
            let label = Label("")
            label.horizontalAlignment = .start
            item.setChild(label)
        }
        factory.onBind { item in
            guard let label = item.child as? Label else { return }
            let text = item.string ?? ""
            label.text = text
            // The row that holds the label (GtkListItemWidget) is what a screen reader reads.
            if let row = gtk_widget_get_parent(label.widgetPointer) { pf_accessible_set_label(row, text) }
        }
        gtk_drop_down_set_list_factory(pf_drop_down(raw), pf_list_item_factory(factory.raw))
    }

    private func nameButtonByChoice() {
        nameParts(under: widgetPointer, choice: selectedItem ?? "", inButton: false)
    }

    /// The button, and the parts inside it and its popup that have no name of their own (the
    /// arrow, the chosen item's row, the popup's stack pages), by the choice.
    private func nameParts(under widget: UnsafeMutablePointer<GtkWidget>, choice: String, inButton: Bool) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            let type = String(cString: pf_object_type_name(current))
            if pf_is_button(current) != 0 {
                pf_accessible_set_label(current, choice)
                pf_accessible_reset_labelled_by(current)
            } else if type == "GtkBuiltinIcon" || (type == "GtkListItemWidget" && inButton) {
                pf_accessible_set_label(current, choice)
            } else if pf_is_stack(current) != 0 {
                var page = gtk_widget_get_first_child(current)
                while let pageChild = page {
                    if let stackPage = gtk_stack_get_page(pf_stack(current), pageChild) {
                        pf_accessible_set_label(UnsafeMutableRawPointer(stackPage), choice)
                    }
                    page = gtk_widget_get_next_sibling(pageChild)
                }
            }
            nameParts(under: current, choice: choice, inButton: inButton || pf_is_button(current) != 0)
            child = gtk_widget_get_next_sibling(current)
        }
    }
}
