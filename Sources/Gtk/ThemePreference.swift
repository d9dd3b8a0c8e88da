internal import CGtk

/// Whether the app shows dark colours: libadwaita's style manager, which follows the desktop's
/// Dark Style setting (`color-scheme`) as well as a dark theme or
/// `gtk-application-prefer-dark-theme`.
@MainActor
public enum ThemePreference {
    /// Whether the dark variant of the style is in use.
    public static var prefersDark: Bool { StyleManager.shared.isDark }
}
