internal import CGtk

/// Whether any client of the accessibility bus listens, followed as the accessibility registry
/// announces registrations (`EventListenerRegistered`, `EventListenerDeregistered`), the way
/// GTK 3's AT-SPI bridge and WebKit decide whether an event is worth sending.
///
/// GTK 4.8 broadcasts every change of an accessible property over AT-SPI whether or not anyone
/// listens: for a PIN's "3 of 4 digits entered" that is about 80,000 instructions a key, most of
/// a keystroke (docs/benchmarks.md). A description that changes at every key can wait while no
/// client listens, and be shown when one registers (`setHeardAccessibleDescription`).
extension AssistiveTechnology {
    /// Whether a client of the accessibility bus (a screen reader, a magnifier, a script through
    /// AT-SPI) is registered for any event, as last heard from the registry. True until the
    /// registry has answered, and when it cannot be reached: the safe side.
    public static var isListening: Bool {
        ListenerWatch.shared.start()
        return ListenerWatch.shared.listening
    }

    /// Whether the registry has answered since the watch started (for tests and the benchmark);
    /// asking starts the watch, as `isListening` does.
    @_spi(Testing) public static var hasHeardFromRegistry: Bool {
        ListenerWatch.shared.start()
        return ListenerWatch.shared.answered
    }

    /// Registers this process with the accessibility registry as a listener for `event`, as a
    /// screen reader does; returns whether the registry took it.
    /// For tests and the benchmark, which measure what a listening client costs.
    @_spi(Testing) public static func registerListener(for event: String) -> Bool {
        callRegistry("RegisterEvent", event)
    }

    /// Takes back a registration made by `registerListener(for:)`.
    @_spi(Testing) @discardableResult
    public static func deregisterListener(for event: String) -> Bool {
        callRegistry("DeregisterEvent", event)
    }

    /// Calls `method` with `event` on the registry, on the accessibility bus connection this
    /// process keeps (the registry drops a client's registrations when it leaves the bus).
    private static func callRegistry(_ method: String, _ event: String) -> Bool {
        guard let bus = accessibilityBus() else { return false }
        var error: UnsafeMutablePointer<GError>?
        var argument: OpaquePointer? = g_variant_new_string(event)
        let reply = g_dbus_connection_call_sync(bus, "org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                                                "org.a11y.atspi.Registry", method, g_variant_new_tuple(&argument, 1),
                                                nil, G_DBUS_CALL_FLAGS_NONE, 2000, nil, &error)
        g_clear_error(&error)
        guard let reply else { return false }
        g_variant_unref(reply)
        return true
    }
}

extension Widget {
    /// Sets the widget's own accessible description, like `setAccessibleDescription`, but shows
    /// it to assistive technologies only while a client of the accessibility bus listens
    /// (`AssistiveTechnology.isListening`); otherwise it is kept, and shown as soon as a client
    /// registers. For a description that changes at every key, whose broadcast nobody would hear.
    public func setHeardAccessibleDescription(_ description: String) {
        guard AssistiveTechnology.isListening else {
            keepAccessibleDescription(description)
            ListenerWatch.shared.waitToShow(self)
            return
        }
        setAccessibleDescription(description)
    }
}

/// Follows the registry's listeners: asks once the main loop is idle after the window's first
/// frame (so start-up does not wait for it), then again at each of the registry's
/// `EventListenerRegistered` and `EventListenerDeregistered` signals.
@MainActor
final class ListenerWatch {
    static let shared = ListenerWatch()

    /// Until the registry answers, and while it cannot be asked, every description is shown.
    private(set) var listening = true
    private(set) var answered = false
    /// Widgets whose own description changed while no client listened (weakly: a widget that
    /// goes away is not waited for).
    private(set) var unshown: [WeakWidget] = []
    private var started = false

    struct WeakWidget {
        weak var widget: Widget?
    }

    func start() {
        guard !started else { return }
        started = true
        MainContext.idle(priority: 300) { ListenerWatch.shared.watch() } // G_PRIORITY_LOW
    }

    func waitToShow(_ widget: Widget) {
        guard !unshown.contains(where: { $0.widget === widget }) else { return }
        unshown.removeAll { $0.widget == nil }
        unshown.append(WeakWidget(widget: widget))
    }

    private func watch() {
        guard let bus = AssistiveTechnology.accessibilityBus() else { return }
        // Subscribed before asking, so that no registration falls between the answer and the watch.
        for signal in ["EventListenerRegistered", "EventListenerDeregistered"] {
            g_dbus_connection_signal_subscribe(bus, nil, "org.a11y.atspi.Registry", signal, "/org/a11y/atspi/registry",
                                               nil, G_DBUS_SIGNAL_FLAGS_NONE, { _, _, _, _, _, _, _ in
                MainActor.assumeIsolated { ListenerWatch.shared.refresh() }
            }, nil, nil)
        }
        refresh()
    }

    private func refresh() {
        guard let events = AssistiveTechnology.askRegisteredEvents() else { return }
        answered = true
        let wasListening = listening
        listening = !events.isEmpty
        guard listening, !wasListening else { return }
        // A client arrived: it hears the descriptions that changed while nobody listened.
        let waiting = unshown.compactMap(\.widget)
        unshown.removeAll()
        for widget in waiting { widget.showAccessibleDescription(widget.ownAccessibleDescription) }
    }
}
