internal import CGtk

extension ListItemFactory {
    /// The rows of a drop-down's or a combo row's choices (a `StringList`): each shows its
    /// string and is named by it. GTK 4.18 names a list item by nothing it holds: Orca would
    /// read the choice under the focus as an unnamed list item. `marksChoice`: a check mark
    /// beside the chosen row, as GTK's and libadwaita's own popups show (for a popup's rows).
    static func choiceRows(marksChoice: Bool) -> ListItemFactory {
        let factory = ListItemFactory()
        factory.onSetup { item in
            let row = Box(.horizontal, spacing: 6)
            let label = Label("")
            label.xAlign = 0
            label.expandsHorizontally = true
            row.append(label)
            if marksChoice {
                let mark = Image(iconName: "object-select-symbolic", pixelSize: 16)
                // What it shows is the row's selected state, which screen readers say already.
                pf_accessible_set_hidden(mark.raw, 1)
                row.append(mark)
                mark.isVisible = item.isSelected
                connectNotify(of: item.pointer, "selected") {
                    mark.isVisible = gtk_list_item_get_selected(pf_list_item(item.pointer)) != 0
                }
            }
            item.setChild(row)
        }
        factory.onBind { item in
            let text = item.string ?? ""
            (item.child?.childWidgets.first as? Label)?.text = text
            gtk_list_item_set_accessible_label(pf_list_item(item.pointer), text)
        }
        return factory
    }
}
