internal import CGtk

/// libadwaita's toast overlay (`AdwToastOverlay`): short notices that float over `child` at the
/// bottom, one at a time, each optionally with one button (Undo).
@MainActor
public final class ToastOverlay: Widget {
    private var overlay: OpaquePointer { OpaquePointer(raw) }

    /// What the toasts float over.
    public var child: Widget? {
        get { Widget.wrapper(of: adw_toast_overlay_get_child(overlay)) }
        set {
            adw_toast_overlay_set_child(overlay, newValue?.widgetPointer)
        }
    }

    /// Shows `toast` (after the one showing, if any).
    public func add(_ toast: Toast) {
        // The overlay takes the toast's floating-free reference; keep ours for the callbacks.
        adw_toast_overlay_add_toast(overlay, OpaquePointer(g_object_ref(toast.objectPointer)))
    }
}

extension ToastOverlay {
    /// One notice of a `ToastOverlay` (`AdwToast`).
    @MainActor
    public final class Toast: Object {
        /// A notice reading `title` (plain text, not markup), shown for `timeout` seconds
        /// (0: until dismissed).
        public convenience init(_ title: String, timeout: UInt32 = 5) {
            self.init(title: Label.escape(title))
            adw_toast_set_timeout(toast, timeout)
        }

        private var toast: OpaquePointer { OpaquePointer(raw) }

        /// The text, plain: libadwaita reads a toast's title as Pango markup, so the setter
        /// escapes it (an `&` or `<` would otherwise blank the toast) and the getter reads it back.
        public var title: String {
            get { Self.unescaped(String(cString: adw_toast_get_title(toast))) }
            set { adw_toast_set_title(toast, Label.escape(newValue)) }
        }

        /// The markup libadwaita shows (`title` escaped).
        public var markup: String { String(cString: adw_toast_get_title(toast)) }

        /// `g_markup_escape_text` undone: its five entities back to their characters, `&amp;` last.
        private static func unescaped(_ markup: String) -> String {
            markup.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
                .replacing("&#39;", with: "'").replacing("&apos;", with: "'").replacing("&amp;", with: "&")
        }

        /// The button's label (nil: no button).
        public var buttonLabel: String? {
            get { adw_toast_get_button_label(toast).map { String(cString: $0) } }
            set { adw_toast_set_button_label(toast, newValue) }
        }

        /// Takes the toast away now.
        public func dismiss() { adw_toast_dismiss(toast) }
    }
}
