internal import CGtk

/// Reading text from the clipboard of a widget's display.
extension Widget {
    /// Reads the clipboard's text and calls `completion` with it (nil when there is none).
    public func readClipboardText(_ completion: @escaping @MainActor (String?) -> Void) {
        let clipboard = gtk_widget_get_clipboard(widgetPointer)
        let box = ClosureBox<@MainActor (String?) -> Void>(completion)
        gdk_clipboard_read_text_async(clipboard, nil, { source, result, data in
            let box = Unmanaged<ClosureBox<@MainActor (String?) -> Void>>.fromOpaque(data!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let text = gdk_clipboard_read_text_finish(OpaquePointer(source), result, &error)
            g_clear_error(&error)
            let value = text.map { String(cString: $0) }
            g_free(text)
            MainActor.assumeIsolated { box.body(value) }
        }, box.retainedPointer())
    }

    /// Empties the clipboard of the widget's display: the application then owns it, with
    /// nothing in it (for a secret that was just pasted from it).
    public func clearClipboard() {
        gdk_clipboard_set_content(gtk_widget_get_clipboard(widgetPointer), nil)
    }
}
