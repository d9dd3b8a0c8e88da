internal import CGtk

extension PasswordEntry {
    /// Hands the typed text's UTF-8 bytes to `body` straight from GTK's buffer, without making a
    /// Swift `String` of them (which would stay in ordinary memory), e.g. to copy a password
    /// into locked memory.
    public func withTextBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        let text = gtk_editable_get_text(pf_editable(raw))!
        let count = strlen(text)
        return try text.withMemoryRebound(to: UInt8.self, capacity: count) { bytes throws(E) in
            try body(UnsafeBufferPointer(start: bytes, count: count))
        }
    }

    /// Empties the entry, e.g. once its password was sealed.
    public func clear() {
        gtk_editable_set_text(pf_editable(raw), "")
    }
}
