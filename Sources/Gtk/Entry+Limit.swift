internal import CGtk

// A stated limit on an entry's length: an insertion (typed, pasted, dropped) that would make the
// text longer is refused whole, never cut — GTK itself cuts silently, at its buffer's 65,535
// characters or at `max-length`.
extension Entry {
    /// The GObject data key under which the entry keeps its limit handler's id.
    private static let limitHandlerKey = "pinform-limit-handler"

    /// Refuses every insertion that would make the text longer than `limit` characters, and
    /// calls `refused` with the length the text would have had. Text set by the program
    /// (`text = …`) is not refused.
    public func refuseInsertions(over limit: Int, _ refused: @escaping @MainActor (_ length: Int) -> Void) {
        guard let delegate = gtk_editable_get_delegate(pf_editable(raw)) else { return }
        typealias Body = @MainActor (Int) -> Void
        let box = ClosureBox<(limit: Int, refused: Body)>((limit, refused))
        let trampoline: @convention(c) (gpointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Int32>?, gpointer?) -> Void = {
            editable, text, length, _, data in
            guard let editable, let text else { return }
            let box = ClosureBox<(limit: Int, refused: Body)>.from(data)
            let current = Int(g_utf8_strlen(gtk_editable_get_text(pf_editable(editable)), -1))
            let added = Int(g_utf8_strlen(text, gssize(length)))
            guard current + added > box.body.limit else { return }
            g_signal_stop_emission_by_name(editable, "insert-text")
            let total = current + added
            MainActor.assumeIsolated { box.body.refused(total) }
        }
        let id = pf_signal_connect(UnsafeMutableRawPointer(delegate), "insert-text", unsafeBitCast(trampoline, to: GCallback.self),
                                   box.retainedPointer(), releaseClosureBox)
        g_object_set_data(objectPointer, Self.limitHandlerKey, UnsafeMutableRawPointer(bitPattern: UInt(id)))
    }

    /// Runs `body` with the limit off (the program sets the text, e.g. a stored record's).
    func withoutLimit(_ body: () -> Void) {
        guard let id = g_object_get_data(objectPointer, Self.limitHandlerKey).map({ gulong(UInt(bitPattern: $0)) }),
              let delegate = gtk_editable_get_delegate(pf_editable(raw)) else { return body() }
        g_signal_handler_block(UnsafeMutableRawPointer(delegate), id)
        body()
        g_signal_handler_unblock(UnsafeMutableRawPointer(delegate), id)
    }

    /// Shows a warning icon at the entry's end with `message` as its tooltip, or removes it (nil).
    public func showWarning(_ message: String?) {
        gtk_entry_set_icon_from_icon_name(pf_entry(raw), GTK_ENTRY_ICON_SECONDARY, message == nil ? nil : "dialog-warning-symbolic")
        gtk_entry_set_icon_tooltip_text(pf_entry(raw), GTK_ENTRY_ICON_SECONDARY, message)
    }

    /// The entry's warning, if one shows.
    public var warning: String? {
        gtk_entry_get_icon_tooltip_text(pf_entry(raw), GTK_ENTRY_ICON_SECONDARY).map(Object.takeString)
    }

    /// Rings the display's bell (or flashes, as the desktop is set), as GTK does for a refused key.
    public func errorBell() {
        gtk_widget_error_bell(widgetPointer)
    }
}
