internal import CGtk

extension Button {
    /// A button labelled `label` whose text wraps (at words, or within a word too long for a
    /// line): as narrow as its longest word, not as its whole text. A button showing a long
    /// text (a record's summary) keeps a narrow window from growing.
    public convenience init(wrappingLabel label: String) {
        self.init(label: label)
        guard let child = gtk_button_get_child(pf_button(raw)) else { return }
        let text = pf_label(child)
        gtk_label_set_wrap(text, 1)
        gtk_label_set_wrap_mode(text, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(text, 0)
    }
}
