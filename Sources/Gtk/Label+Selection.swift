internal import CGtk

extension Label {
    /// Selects the characters from `start` to `end` of a selectable label (equal: none, the
    /// cursor at `start`). GTK selects a whole label that takes the focus from the keyboard.
    public func selectRegion(start: Int32, end: Int32) {
        gtk_label_select_region(pf_label(raw), start, end)
    }
}
