internal import CGtk

/// Builds widgets from GtkBuilder XML (used for the shortcuts window, whose widgets GTK
/// only offers through XML).
@MainActor
public final class Builder: Object {
    /// Parses `xml`.
    public init(xml: String) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_builder_new_from_string(xml, -1)))
    }

    /// The window with id `id`, if the XML defines one.
    public func window(_ id: String) -> Window? {
        guard let object = gtk_builder_get_object(OpaquePointer(raw), id), pf_is_window(object) != 0 else { return nil }
        return Window(existing: pf_widget(object))
    }
}
