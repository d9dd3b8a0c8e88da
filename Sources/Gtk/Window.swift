internal import CGtk

/// A toplevel window.
@MainActor
open class Window: Widget {

    /// A new window belonging to `application` (the application stays alive while it is open).
    public init(application: Application? = nil) {
        super.init(widget: gtk_window_new())
        if let application { gtk_window_set_application(window, pf_application(application.raw)) }
    }

    /// Wraps a window just made, or one that has no wrapper (`Widget.wrapper(of:)`).
    override init(widget pointer: UnsafeMutablePointer<GtkWidget>) {
        super.init(widget: pointer)
    }

    /// The wrapped GtkWindow.
    var window: UnsafeMutablePointer<GtkWindow> { pf_window(raw) }

    /// The size the window opens at.
    public func setDefaultSize(width: Int32, height: Int32) {
        gtk_window_set_default_size(window, width, height)
    }

    /// The size the window opens at (or was last resized to).
    public var defaultSize: (width: Int32, height: Int32) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        return (width, height)
    }

    /// Whether the window is maximized.
    public var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }

    /// Maximizes the window.
    public func maximize() { gtk_window_maximize(window) }

    /// The content.
    public var child: Widget? {
        get { Widget.wrapper(of: gtk_window_get_child(window)) }
        set {
            gtk_window_set_child(window, newValue?.widgetPointer)
        }
    }

    /// The title bar (a `HeaderBar`).
    public var titlebar: Widget? {
        get { Widget.wrapper(of: gtk_window_get_titlebar(window)) }
        set {
            gtk_window_set_titlebar(window, newValue?.widgetPointer)
        }
    }

    /// Keeps the window above `parent` and centred on it.
    public func setTransient(for parent: Window?) { gtk_window_set_transient_for(window, parent?.window) }

    /// Whether the window is the one with keyboard focus.
    public var isActive: Bool { gtk_window_is_active(window) != 0 }

    /// Moves focus to `widget` (or clears it).
    public func setFocus(_ widget: Widget?) { gtk_window_set_focus(window, widget?.widgetPointer) }

    /// Shows the window and brings it to the front.
    public func present() { gtk_window_present(window) }

    /// Asks the window to close, as its close button would (`close-request` may veto).
    public func close() { gtk_window_close(window) }

    /// Destroys the window now.
    public func destroy() { gtk_window_destroy(window) }

    /// Calls `handler` once the window has drawn its first frame.
    public func onFirstFrame(_ handler: @escaping @MainActor () -> Void) {
        var fired = false
        // A tick callback runs at the start of the window's first frame, mapped already or not;
        // from there, the frame clock's after-paint says when that frame was painted.
        addTickCallback { [weak self] _ in
            guard let self, let clock = gtk_widget_get_frame_clock(self.widgetPointer) else { return true }
            let clockObject = Object.wrapper(of: UnsafeMutableRawPointer(clock)) { FrameClock($0) }
            clockObject.onAfterPaint {
                guard !fired else { return }
                fired = true
                // After-paint runs before the frame reaches the screen; an idle lets it land.
                MainContext.idle(handler)
            }
            self.frameClock = clockObject
            return false
        }
    }

    private var frameClock: FrameClock?
}

/// A window's frame clock, to hear when a frame was painted.
@MainActor
final class FrameClock: Object {
    init(_ clock: UnsafeMutableRawPointer) {
        super.init(retaining: clock)
    }

    func onAfterPaint(_ handler: @escaping @MainActor () -> Void) {
        connect("after-paint", handler)
    }
}
