internal import CGtk

/// Putting text on the clipboard of a widget's display, for a while only.
extension Widget {
    /// Puts `text` on the clipboard and, after `seconds`, empties the clipboard if it still holds
    /// what was put there (nothing copied since, by this app or another).
    ///
    /// The check asks GDK whether the clipboard's content is still the provider made here, so the
    /// text is never read back to compare.
    public func copyToClipboard(_ text: String, clearingAfter seconds: UInt32) {
        let clipboard = gtk_widget_get_clipboard(widgetPointer)
        gdk_clipboard_set_text(clipboard, text)
        // The provider GDK made for the text: the clipboard holds its own reference; this one
        // lets the timeout compare it after the clipboard dropped it.
        guard let provider = gdk_clipboard_get_content(clipboard) else { return }
        // References of this closure's own, dropped when it ran: while held, no other object can
        // take the provider's address, so the comparison is sound.
        g_object_ref(UnsafeMutableRawPointer(provider))
        g_object_ref(UnsafeMutableRawPointer(clipboard))
        MainContext.timeout(milliseconds: seconds * 1000) {
            if gdk_clipboard_get_content(clipboard) == provider {
                gdk_clipboard_set_content(clipboard, nil)
            }
            g_object_unref(UnsafeMutableRawPointer(provider))
            g_object_unref(UnsafeMutableRawPointer(clipboard))
            return false
        }
    }

    /// Whether the clipboard holds content this process put there (and not another's since).
    ///
    /// Emptied by this process, the clipboard stays "local" under Wayland (GDK claims it with no
    /// content) and becomes remote under X11: content is what tells.
    public var ownsClipboard: Bool {
        let clipboard = gtk_widget_get_clipboard(widgetPointer)
        return gdk_clipboard_is_local(clipboard) != 0 && gdk_clipboard_get_content(clipboard) != nil
    }
}
