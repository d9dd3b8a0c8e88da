import CGtk

/// Whether the desktop asks for dark colours, read from the default `GtkSettings`
/// (`gtk-application-prefer-dark-theme`, or a theme named like "Adwaita-dark" / "Adwaita:dark").
@MainActor
public enum ThemePreference {
    /// Whether the dark variant of the theme is in use.
    public static var prefersDark: Bool {
        guard let settings = gtk_settings_get_default() else { return false }
        let object = pf_object(UnsafeMutableRawPointer(settings))
        var preferDark = GValue()
        g_value_init(&preferDark, GType(5 << 2)) // G_TYPE_BOOLEAN
        g_object_get_property(object, "gtk-application-prefer-dark-theme", &preferDark)
        defer { g_value_unset(&preferDark) }
        if g_value_get_boolean(&preferDark) != 0 { return true }

        var themeName = GValue()
        g_value_init(&themeName, pf_type_string())
        g_object_get_property(object, "gtk-theme-name", &themeName)
        defer { g_value_unset(&themeName) }
        let name = g_value_get_string(&themeName).map { String(cString: $0).lowercased() } ?? ""
        return name.hasSuffix("-dark") || name.hasSuffix(":dark")
    }
}
