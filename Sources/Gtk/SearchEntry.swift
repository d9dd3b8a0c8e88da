internal import CGtk

/// An entry for search text (GtkSearchEntry): a search icon, a clear button, and a
/// `search-changed` signal that waits for a pause in typing.
@MainActor
public final class SearchEntry: Widget {
    private var entry: OpaquePointer { OpaquePointer(raw) }

    /// The text typed.
    public var text: String {
        get { String(cString: gtk_editable_get_text(pf_editable(raw))) }
        set { gtk_editable_set_text(pf_editable(raw), newValue) }
    }

    /// Grey hint text shown while the entry is empty.
    public var placeholder: String? {
        get {
            var value = GValue()
            g_value_init(&value, pf_type_string())
            defer { g_value_unset(&value) }
            g_object_get_property(objectPointer, "placeholder-text", &value)
            return g_value_get_string(&value).map { String(cString: $0) }
        }
        set {
            var value = GValue()
            g_value_init(&value, pf_type_string())
            defer { g_value_unset(&value) }
            g_value_set_string(&value, newValue)
            g_object_set_property(objectPointer, "placeholder-text", &value)
        }
    }

    /// How long typing must pause before `onSearchChanged` runs, in milliseconds (GTK: 150).
    public var searchDelay: UInt32 {
        get { gtk_search_entry_get_search_delay(entry) }
        set { gtk_search_entry_set_search_delay(entry, newValue) }
    }
}
