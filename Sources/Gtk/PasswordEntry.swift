internal import CGtk

/// GTK's password entry: the only widget GTK 4.8 exposes with the AT-SPI role "password text",
/// the role for which screen readers stop speaking the keys typed.
@MainActor
public final class PasswordEntry: Widget {
    /// The text it holds.
    public var text: String { String(cString: gtk_editable_get_text(pf_editable(raw))) }

    /// Makes it refuse every insertion — typing, pasting, dropping, input methods — so that it
    /// never holds any text, whatever reaches it.
    public func refuseText() {
        // "insert-text" stopped before the default handler inserts: on the entry, and on its
        // delegate (the GtkText inside), which is what typing reaches.
        let refuse: @convention(c) (gpointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Int32>?, gpointer?) -> Void = {
            editable, _, _, _, _ in g_signal_stop_emission_by_name(editable, "insert-text")
        }
        let editable = pf_editable(raw)
        for target in [editable, gtk_editable_get_delegate(editable)] {
            guard let target else { continue }
            Widget.wrapper(of: pf_widget(UnsafeMutableRawPointer(target))).connectTrampoline("insert-text", handler: refuse)
        }
    }
}
