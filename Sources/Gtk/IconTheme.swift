internal import CGtk

/// The icon theme of the default display.
@MainActor
public enum IconTheme {
    /// Adds a folder laid out like `share/icons` (with `hicolor/…` inside) where themed icons
    /// are looked up, so an application run from its source tree finds its own icon.
    public static func addSearchPath(_ path: String) {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else { return }
        gtk_icon_theme_add_search_path(theme, path)
    }
}
