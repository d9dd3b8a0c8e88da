internal import CGtk

// A password entry that holds text (the recovery key typed in): never echoed by a screen reader,
// shown as dots unless the person turns on its eye.
extension PasswordEntry {
    /// The text typed; setting it replaces it (`""` empties it).
    public var typedText: String {
        get { text }
        set { gtk_editable_set_text(pf_editable(raw), newValue) }
    }

    /// Whether the entry shows its eye icon, which shows the text while it is on.
    public var showsPeekIcon: Bool {
        get { gtk_password_entry_get_show_peek_icon(pf_password_entry(raw)) != 0 }
        set { gtk_password_entry_set_show_peek_icon(pf_password_entry(raw), newValue ? 1 : 0) }
    }

    /// The grey hint shown while it is empty.
    public var placeholder: String? {
        get { pf_object_dup_string_property(raw, "placeholder-text").map(Object.takeString) }
        set { pf_object_set_string_property(raw, "placeholder-text", newValue) }
    }

    /// Calls `handler` after every change of the text.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("changed", handler)
    }

    /// Calls `handler` when Enter is pressed in the entry.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("activate", handler)
    }
}
