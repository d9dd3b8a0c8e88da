internal import CGtk

extension AdwaitaHeaderBar {
    /// Whether the window's buttons (close, …) are shown at the end; false for a dialog whose
    /// header bar has Cancel and Save, GNOME's one way out of it.
    public var showsEndTitleButtons: Bool {
        get { adw_header_bar_get_show_end_title_buttons(OpaquePointer(raw)) != 0 }
        set { adw_header_bar_set_show_end_title_buttons(OpaquePointer(raw), newValue ? 1 : 0) }
    }

    /// Whether the window's buttons are shown at the start (where a layout puts some there).
    public var showsStartTitleButtons: Bool {
        get { adw_header_bar_get_show_start_title_buttons(OpaquePointer(raw)) != 0 }
        set { adw_header_bar_set_show_start_title_buttons(OpaquePointer(raw), newValue ? 1 : 0) }
    }
}
