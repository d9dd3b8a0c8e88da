internal import CGtk
import Gtk

extension Entry {
    /// Inserts `text` at `position`, as a paste, a drop or an input method would (the limit
    /// set with `refuseInsertions(over:_:)` applies, unlike setting `text`).
    public func insertText(_ text: String, at position: Int32) {
        var position = position
        gtk_editable_insert_text(pf_editable(raw), text, Int32(text.utf8.count), &position)
    }
}
