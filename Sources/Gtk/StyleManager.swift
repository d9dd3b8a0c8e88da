internal import CGtk

/// libadwaita's style manager: whether the app shows dark colours, following the desktop's
/// Dark Style setting (`color-scheme`, through the settings portal or GSettings) unless the
/// app asks for one.
///
/// ```swift
/// StyleManager.shared.onDarkChanged { isDark in loadStyleSheets(dark: isDark) }
/// ```
@MainActor
public final class StyleManager: Object {
    /// The colour schemes an app can ask for (`AdwColorScheme`).
    public enum ColorScheme: Sendable {
        /// Follow the desktop (the default).
        case followSystem
        /// Light, whatever the desktop says.
        case forceLight
        /// Dark, whatever the desktop says.
        case forceDark

        var adw: AdwColorScheme {
            switch self {
            case .followSystem: ADW_COLOR_SCHEME_DEFAULT
            case .forceLight: ADW_COLOR_SCHEME_FORCE_LIGHT
            case .forceDark: ADW_COLOR_SCHEME_FORCE_DARK
            }
        }
    }

    /// The process's style manager (libadwaita must be started: `Application` or `GtkRuntime`).
    public static var shared: StyleManager {
        if let existing = sharedManager { return existing }
        let manager = StyleManager(retaining: UnsafeMutableRawPointer(adw_style_manager_get_default()))
        sharedManager = manager
        return manager
    }

    private static var sharedManager: StyleManager?

    private var manager: OpaquePointer { OpaquePointer(raw) }

    /// Whether dark colours are in use now.
    public var isDark: Bool { adw_style_manager_get_dark(manager) != 0 }

    /// The scheme the app asks for.
    public var colorScheme: ColorScheme {
        get {
            switch adw_style_manager_get_color_scheme(manager) {
            case ADW_COLOR_SCHEME_FORCE_LIGHT: .forceLight
            case ADW_COLOR_SCHEME_FORCE_DARK: .forceDark
            default: .followSystem
            }
        }
        set { adw_style_manager_set_color_scheme(manager, newValue.adw) }
    }

    /// Calls `handler` with the new value each time dark colours are turned on or off.
    @discardableResult
    public func onDarkChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
        connect("notify::dark", withArgument: { [unowned self] _ in handler(isDark) })
    }
}
