internal import CGtk

extension Window {
    /// The application's top-level windows, GTK's own too (a file chooser dialog it made).
    @_spi(Testing) public static var toplevels: [Window] {
        guard let model = gtk_window_get_toplevels() else { return [] }
        return (0..<g_list_model_get_n_items(model)).compactMap { index in
            guard let item = g_list_model_get_item(model, index) else { return nil }
            defer { g_object_unref(item) }
            return Widget.wrapper(of: pf_widget(item)) as? Window
        }
    }
}
