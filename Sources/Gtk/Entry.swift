internal import CGtk

/// A one-line text entry.
@MainActor
public final class Entry: Widget {
    private var entry: UnsafeMutablePointer<GtkEntry> { pf_entry(raw) }
    private var editable: OpaquePointer { pf_editable(raw) }

    /// The text typed.
    public var text: String {
        get { String(cString: gtk_editable_get_text(editable)) }
        set { withoutLimit { gtk_editable_set_text(editable, newValue) } }
    }

    /// What the text is (digits, email, …), for input methods and on-screen keyboards.
    public var inputPurpose: InputMethodPurpose {
        get { InputMethodPurpose(gtk_entry_get_input_purpose(entry)) }
        set { gtk_entry_set_input_purpose(entry, newValue.cValue) }
    }

    /// Hints for input methods (no spell check, lowercase, …).
    public var inputHints: InputMethodHints {
        get { InputMethodHints(gtk_entry_get_input_hints(entry)) }
        set { gtk_entry_set_input_hints(entry, newValue.cValue) }
    }

    /// The maximum number of characters; 0 for no limit.
    public var maxLength: Int32 {
        get { gtk_entry_get_max_length(entry) }
        set { gtk_entry_set_max_length(entry, newValue) }
    }
}

extension Entry {
    /// Shows a clear button at the end of the entry while it has text; clicking it empties it.
    public func showsClearButton(tooltip: String) {
        let update: @MainActor (Entry) -> Void = { entry in
            gtk_entry_set_icon_from_icon_name(pf_entry(entry.raw), GTK_ENTRY_ICON_SECONDARY,
                                              entry.text.isEmpty ? nil : "edit-clear-symbolic")
            gtk_entry_set_icon_tooltip_text(pf_entry(entry.raw), GTK_ENTRY_ICON_SECONDARY, tooltip)
        }
        update(self)
        onChanged { [unowned self] in update(self) }
        connectIconRelease { [unowned self] _ in text = "" }
    }
}
