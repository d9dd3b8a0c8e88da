internal import CGtk

/// GTK's password entry: the only widget GTK 4.8 exposes with the AT-SPI role "password text",
/// the role for which screen readers stop speaking the keys typed.
@MainActor
public final class PasswordEntry: Widget {
    /// An empty password entry.
    public init() {
        super.init(widget: gtk_password_entry_new())
    }

    /// The text it holds.
    public var text: String { String(cString: gtk_editable_get_text(pf_editable(raw))) }

    /// Makes it refuse every insertion — typing, pasting, dropping, input methods — so that it
    /// never holds any text, whatever reaches it.
    public func refuseText() { pf_editable_refuse_insertions(raw) }
}

extension PasswordEntry {
    /// Replaces the text, as a program (not the keyboard) would.
    @_spi(Testing) public func setText(_ text: String) {
        gtk_editable_set_text(pf_editable(raw), text)
    }

    /// Inserts `text` at `position`, as an input method would.
    @_spi(Testing) public func insertText(_ text: String, at position: Int32) {
        var position = position
        gtk_editable_insert_text(pf_editable(raw), text, Int32(text.utf8.count), &position)
    }
}
