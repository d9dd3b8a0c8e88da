internal import CGtk
import Gtk

extension PasswordEntry {
    /// Replaces the text, as a program (not the keyboard) would.
    public func setText(_ text: String) {
        gtk_editable_set_text(pf_editable(raw), text)
    }

    /// Inserts `text` at `position`, as an input method would.
    public func insertText(_ text: String, at position: Int32) {
        var position = position
        gtk_editable_insert_text(pf_editable(raw), text, Int32(text.utf8.count), &position)
    }
}
