internal import CGtk

/// A text label.
@MainActor
public final class Label: Widget {
    private var label: OpaquePointer { pf_label(raw) }

    /// The text shown.
    public var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        set { gtk_label_set_text(label, newValue) }
    }

    /// Escapes text for use in markup.
    public static func escape(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// Horizontal alignment of the text within the label, 0 (start) to 1 (end).
    public var xAlign: Float {
        get { gtk_label_get_xalign(label) }
        set { gtk_label_set_xalign(label, newValue) }
    }

    /// Alignment of the lines of a multi-line label.
    public var justification: Justification {
        get { Justification(gtk_label_get_justify(label)) }
        set { gtk_label_set_justify(label, newValue.cValue) }
    }

    /// Whether text that does not fit is cut with an ellipsis at its end (else it is clipped).
    public var ellipsizesAtEnd: Bool {
        get { gtk_label_get_ellipsize(label) == PANGO_ELLIPSIZE_END }
        set { gtk_label_set_ellipsize(label, newValue ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE) }
    }

    /// The whole text when the label cuts it with an ellipsis as laid out now, else nil (also
    /// before its first layout, when nothing of it shows).
    public var cutText: String? { Label.cutText(of: label) }

    private static func cutText(of label: OpaquePointer?) -> String? {
        // Since GTK 4.12 a list cell is bound, and even mapped, before it is allocated: its
        // layout is then 0 wide, and Pango calls every text of it ellipsized.
        guard gtk_widget_get_width(pf_widget(UnsafeMutableRawPointer(label))) > 0,
              pango_layout_is_ellipsized(gtk_label_get_layout(label)) != 0, let text = gtk_label_get_text(label),
              text.pointee != 0 else { return nil }
        return String(cString: text)
    }

    /// Shows the whole text as the tooltip whenever the label cuts it with an ellipsis.
    public func showsWholeTextWhenCut() {
        gtk_widget_set_has_tooltip(widgetPointer, 1)
        let query: @convention(c) (gpointer?, Int32, Int32, gboolean, OpaquePointer?, gpointer?) -> gboolean = {
            widget, _, _, _, tooltip, _ in
            guard let text = Label.cutText(of: pf_label(widget)) else { return 0 }
            gtk_tooltip_set_text(tooltip, text)
            return 1
        }
        connectTrampoline("query-tooltip", handler: query)
    }

    /// The widget that the label's mnemonic (underlined letter) activates.
    public func setMnemonicWidget(_ widget: Widget) { gtk_label_set_mnemonic_widget(label, widget.widgetPointer) }

    /// A minimum width in characters.
    public var widthChars: Int32 {
        get { gtk_label_get_width_chars(label) }
        set { gtk_label_set_width_chars(label, newValue) }
    }

    /// The widest the label asks to be, in characters (-1: as wide as its text); a wrapping
    /// label wraps there.
    public var maximumWidthChars: Int32 {
        get { gtk_label_get_max_width_chars(label) }
        set { gtk_label_set_max_width_chars(label, newValue) }
    }
}
