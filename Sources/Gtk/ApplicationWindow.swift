internal import CGtk

/// libadwaita's application window (`AdwApplicationWindow`): a window with no separate title
/// bar, whose content holds its header bar, so that the header can take part in the layout
/// (a switcher bar at the bottom, say) and the window follows libadwaita's style.
///
/// Set `content`, never `child` or `titlebar`: libadwaita owns those.
@MainActor
public final class ApplicationWindow: Window {

    private var adwWindow: UnsafeMutablePointer<AdwApplicationWindow> { pf_adw_application_window(raw) }

    /// Everything the window shows, header bar included.
    public var content: Widget? {
        get { Widget.wrapper(of: adw_application_window_get_content(adwWindow)) }
        set {
            adw_application_window_set_content(adwWindow, newValue?.widgetPointer)
        }
    }

    /// Adds `breakpoint`, which applies by the window's width; of those that hold, the last
    /// added applies. Give the window a size request first: libadwaita lays the content out at
    /// that minimum whatever the content asks.
    public func addBreakpoint(_ breakpoint: Breakpoint) {
        // The window takes over a reference (transfer full): give it one of its own.
        adw_application_window_add_breakpoint(adwWindow, OpaquePointer(g_object_ref(breakpoint.objectPointer)))
    }
}
