internal import CGtk

/// Hears a person's input — keys, clicks, pointer motion, scrolling, touch — in every window of
/// the process, those open now and those opened later (dialogs, Preferences, About): what an idle
/// lock needs to know "no one has used the app for a while".
///
/// ```swift
/// InputActivity.watch { lastInput = .now }
/// ```
///
/// Each toplevel gets a capture-phase `GtkEventControllerLegacy` that looks at the event's type
/// and lets it go on (it never handles anything).
@MainActor
public enum InputActivity {
    private static var handlers: [@MainActor () -> Void] = []
    /// GTK's list of toplevels, kept so its `items-changed` handler lives with the process.
    private static var toplevels: Object?
    private static let watchedQuark = g_quark_from_static_string("pinform-input-activity")

    /// Calls `handler` on every input event in any window of the process, from now on.
    public static func watch(_ handler: @escaping @MainActor () -> Void) {
        handlers.append(handler)
        guard toplevels == nil, let model = gtk_window_get_toplevels() else { return }
        let list = Object.wrapper(ofObject: UnsafeMutableRawPointer(model))
        toplevels = list
        // A window is in the list from its construction on: its controller is added once the
        // constructor has returned (a window takes input only once shown anyway).
        list.connectTrampoline("items-changed", handler: toplevelsChanged)
        watchAllWindows()
    }

    private static let toplevelsChanged: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = {
        _, _, _, added, _ in
        guard added > 0 else { return }
        MainActor.assumeIsolated { scheduleWatch() }
    }

    private static func scheduleWatch() {
        MainContext.idle { watchAllWindows() }
    }

    /// Input events only: what a person does, not what the system sends (focus, crossing, …).
    static func isInput(_ type: GdkEventType) -> Bool {
        switch type {
        case GDK_KEY_PRESS, GDK_BUTTON_PRESS, GDK_MOTION_NOTIFY, GDK_SCROLL, GDK_TOUCH_BEGIN, GDK_TOUCH_UPDATE,
             GDK_TOUCHPAD_SWIPE, GDK_TOUCHPAD_PINCH:
            true
        default:
            false
        }
    }

    private static func watchAllWindows() {
        guard let model = gtk_window_get_toplevels() else { return }
        for index in 0..<g_list_model_get_n_items(model) {
            guard let item = g_list_model_get_item(model, index) else { continue }
            defer { g_object_unref(item) }
            // Marked on the GObject itself (no wrapper is made for a window only to watch it).
            guard pf_is_widget(item) != 0, g_object_get_qdata(pf_object(item), watchedQuark) == nil else { continue }
            g_object_set_qdata(pf_object(item), watchedQuark, item)
            let controller = LegacyEventController()
            controller.propagationPhase = .capture
            controller.onEvent { type in
                guard isInput(type) else { return }
                for handler in handlers { handler() }
            }
            gtk_widget_add_controller(pf_widget(item), pf_event_controller(g_object_ref(controller.raw)))
        }
    }
}

/// Every event a widget receives (`GtkEventControllerLegacy`), seen and passed on.
@MainActor
final class LegacyEventController: EventController {
    init() {
        super.init(retaining: UnsafeMutableRawPointer(gtk_event_controller_legacy_new()))
    }

    /// Calls `handler` with each event's type; the event always goes on to the widgets.
    @discardableResult
    func onEvent(_ handler: @escaping @MainActor (GdkEventType) -> Void) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, event, data in
            let box = ClosureBox<@MainActor (GdkEventType) -> Void>.from(data)
            guard let event else { return 0 }
            let type = gdk_event_get_event_type(event)
            MainActor.assumeIsolated { box.body(type) }
            return 0
        }
        return connectTrampoline("event", handler: trampoline, body: handler as @MainActor (GdkEventType) -> Void)
    }
}
