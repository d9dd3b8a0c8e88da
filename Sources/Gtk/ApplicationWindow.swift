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
}
