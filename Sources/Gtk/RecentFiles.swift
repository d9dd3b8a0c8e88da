internal import CGtk

/// GTK's memory of the files a program chose (`recently-used.xbel`, read by every program of
/// the session).
@MainActor
public enum RecentFiles {
    /// Stops GTK from adding the files chosen in this process to the recent files
    /// (`GtkSettings:gtk-recent-files-enabled`): an export's path says what was exported, and
    /// where. Call it once GTK is initialised.
    public static func disable() {
        guard let settings = gtk_settings_get_default() else { return }
        var value = GValue()
        g_value_init(&value, g_type_from_name("gboolean"))
        defer { g_value_unset(&value) }
        g_value_set_boolean(&value, 0)
        g_object_set_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self),
                              "gtk-recent-files-enabled", &value)
    }
}
