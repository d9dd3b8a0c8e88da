internal import CGtk

/// Whether any client of the accessibility bus listens, followed as the accessibility registry
/// announces registrations (`EventListenerRegistered`, `EventListenerDeregistered`), the way
/// GTK 3's AT-SPI bridge and WebKit decide whether an event is worth sending.
///
/// GTK 4.18 still sends every accessible change and every announcement over AT-SPI whether or
/// not anyone listens (its AT-SPI context checks only that it has a connection): for a PIN's
/// "3 of 4 digits entered" at every key, that is work for nobody. `Controls.Announcer` sends
/// nothing while no client listens.
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

/// Follows the registry's listeners: asks once the main loop is idle after the window's first
/// frame (so start-up does not wait for it), then again at each of the registry's
/// `EventListenerRegistered` and `EventListenerDeregistered` signals.
@MainActor
final class ListenerWatch {
    static let shared = ListenerWatch()

    /// Until the registry answers, and while it cannot be asked: listening, the safe side.
    private(set) var listening = true
    private(set) var answered = false
    private var started = false

    func start() {
        guard !started else { return }
        started = true
        MainContext.idle(priority: 300) { ListenerWatch.shared.watch() } // G_PRIORITY_LOW
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
        listening = !events.isEmpty
    }
}
