internal import CGtk

/// libadwaita's application window (`AdwApplicationWindow`): a window with no separate title
/// bar, whose content holds its header bar, so that the header can take part in the layout
/// (a switcher bar at the bottom, say) and the window follows libadwaita's style.
///
/// Set `content`, never `child` or `titlebar`: libadwaita owns those.
@MainActor
public final class ApplicationWindow: Window {
    private var contentWidget: Widget?

    /// A new window belonging to `application` (the application stays alive while it is open).
    public init(application: Application) {
        super.init(existing: adw_application_window_new(pf_application(application.raw)))
    }

    private var adwWindow: UnsafeMutablePointer<AdwApplicationWindow> { pf_adw_application_window(raw) }

    /// Everything the window shows, header bar included.
    public var content: Widget? {
        get { contentWidget }
        set {
            adw_application_window_set_content(adwWindow, newValue?.widgetPointer)
            contentWidget = newValue
        }
    }
}
