internal import CGtk

extension Label {
    /// The most lines a wrapping label shows before it cuts its text with an ellipsis (-1: any
    /// number); it wraps between words, and inside a word only when the word is too long.
    public var maximumLines: Int32 {
        get { gtk_label_get_lines(pf_label(raw)) }
        set {
            gtk_label_set_wrap_mode(pf_label(raw), PANGO_WRAP_WORD_CHAR)
            gtk_label_set_lines(pf_label(raw), newValue)
        }
    }
}
