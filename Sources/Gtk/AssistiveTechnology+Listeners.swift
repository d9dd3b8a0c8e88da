internal import CGtk
import Foundation

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

    /// Whether the registry has answered since the watch started (for tests and the benchmark).
    @_spi(Testing) public static var hasHeardFromRegistry: Bool { ListenerWatch.shared.answered }

    /// Registers this process with the accessibility registry as a listener for `event`, as a
    /// screen reader does, on a connection of its own; returns whether the registry took it.
    /// For tests and the benchmark, which measure what a listening client costs.
    @_spi(Testing) public static func registerListener(for event: String) -> Bool {
        ListenerWatch.shared.callRegistry("RegisterEvent", event)
    }

    /// Takes back a registration made by `registerListener(for:)`.
    @_spi(Testing) @discardableResult
    public static func deregisterListener(for event: String) -> Bool {
        ListenerWatch.shared.callRegistry("DeregisterEvent", event)
    }
}

extension Widget {
    /// Sets the widget's own accessible description, like `setAccessibleDescription`, but shows
    /// it to assistive technologies only while a client of the accessibility bus listens
    /// (`AssistiveTechnology.isListening`); otherwise it is kept, and shown as soon as a client
    /// registers. For a description that changes at every key, whose broadcast nobody would hear.
    public func setHeardAccessibleDescription(_ description: String) {
        guard !AssistiveTechnology.isListening else {
            ListenerWatch.shared.unshown.removeAll { $0.widget === self || $0.widget == nil }
            setAccessibleDescription(description)
            return
        }
        keepAccessibleDescription(description)
        ListenerWatch.shared.unshown.removeAll { $0.widget === self || $0.widget == nil }
        ListenerWatch.shared.unshown.append(WeakWidget(widget: self))
    }
}

struct WeakWidget {
    weak var widget: Widget?
}

/// Follows the registry's listeners on a connection to the accessibility bus of its own, made
/// asynchronously after the first frame.
@MainActor
final class ListenerWatch {
    static let shared = ListenerWatch()

    private(set) var listening = true
    private(set) var answered = false
    /// Widgets whose own description changed while no client listened.
    var unshown: [WeakWidget] = []
    private var started = false
    private var bus: OpaquePointer?

    /// Starts the watch once the main loop is idle, after the window's first frame: the
    /// connection it makes costs start-up nothing, and until the registry answers every
    /// description is shown.
    func start() {
        guard !started else { return }
        started = true
        MainContext.idle(priority: 300) { ListenerWatch.shared.connect() } // G_PRIORITY_LOW
    }

    private func connect() {
        if let address = ProcessInfo.processInfo.environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty {
            connect(to: address)
            return
        }
        // Asynchronously all the way: the session bus may not be connected yet either.
        let box = ClosureBox<@MainActor (OpaquePointer?) -> Void> { session in
            guard let session else { return }
            ListenerWatch.shared.call(session, destination: "org.a11y.Bus", path: "/org/a11y/bus",
                                      interface: "org.a11y.Bus", method: "GetAddress") { reply in
                g_object_unref(UnsafeMutableRawPointer(session))
                guard let reply, let address = ListenerWatch.firstString(of: reply), !address.isEmpty else { return }
                ListenerWatch.shared.connect(to: address)
            }
        }
        g_bus_get(G_BUS_TYPE_SESSION, nil, { _, result, data in
            var error: UnsafeMutablePointer<GError>?
            let session = g_bus_get_finish(result, &error)
            g_clear_error(&error)
            ListenerWatch.deliver(session, to: data)
        }, box.retainedPointer())
    }

    private func connect(to address: String) {
        let box = ClosureBox<@MainActor (OpaquePointer?) -> Void> { bus in
            guard let bus else { return }
            ListenerWatch.shared.watch(bus)
        }
        g_dbus_connection_new_for_address(address, AssistiveTechnology.busFlags, nil, nil, { _, result, data in
            var error: UnsafeMutablePointer<GError>?
            let bus = g_dbus_connection_new_for_address_finish(result, &error)
            g_clear_error(&error)
            ListenerWatch.deliver(bus, to: data)
        }, box.retainedPointer())
    }

    /// Hands an async call's result to the closure boxed in `data` (consumed), on the main thread
    /// where GLib calls back.
    private nonisolated static func deliver(_ value: OpaquePointer?, to data: gpointer?) {
        let box = Unmanaged<ClosureBox<@MainActor (OpaquePointer?) -> Void>>.fromOpaque(data!).takeRetainedValue()
        let pointer = MainThreadPointer(value: value.map { UnsafeMutableRawPointer($0) })
        MainActor.assumeIsolated { box.body(pointer.value.map { OpaquePointer($0) }) }
    }

    private func watch(_ bus: OpaquePointer) {
        self.bus = bus
        // Subscribed before asking, so that no registration falls between the answer and the watch.
        for signal in ["EventListenerRegistered", "EventListenerDeregistered"] {
            g_dbus_connection_signal_subscribe(bus, nil, "org.a11y.atspi.Registry", signal, "/org/a11y/atspi/registry",
                                               nil, G_DBUS_SIGNAL_FLAGS_NONE, { _, _, _, _, _, _, _ in
                MainActor.assumeIsolated { ListenerWatch.shared.refresh() }
            }, nil, nil)
        }
        refresh()
    }

    /// Asks the registry which events clients are registered for.
    private func refresh() {
        guard let bus else { return }
        call(bus, destination: "org.a11y.atspi.Registry", path: "/org/a11y/atspi/registry",
             interface: "org.a11y.atspi.Registry", method: "GetRegisteredEvents") { reply in
            guard let reply else { return }
            ListenerWatch.shared.heard(events: AssistiveTechnology.events(inRegistryReply: reply))
        }
    }

    private func heard(events: [String]) {
        answered = true
        let wasListening = listening
        listening = !events.isEmpty
        guard listening, !wasListening else { return }
        // A client arrived: it hears the descriptions that changed while nobody listened.
        let waiting = unshown.compactMap(\.widget)
        unshown.removeAll()
        for widget in waiting { widget.showAccessibleDescription(widget.ownAccessibleDescription) }
    }

    /// Calls `method` with `argument` on the registry, on a connection of its own (so that the
    /// registration is a client apart from the watch), and keeps that connection open: the
    /// registry drops a client's registrations when it leaves the bus.
    func callRegistry(_ method: String, _ argument: String) -> Bool {
        guard let client = listenerBus() else { return false }
        var error: UnsafeMutablePointer<GError>?
        var event: OpaquePointer? = g_variant_new_string(argument)
        let reply = g_dbus_connection_call_sync(client, "org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                                                "org.a11y.atspi.Registry", method, g_variant_new_tuple(&event, 1),
                                                nil, G_DBUS_CALL_FLAGS_NONE, 2000, nil, &error)
        g_clear_error(&error)
        guard let reply else { return false }
        g_variant_unref(reply)
        return true
    }

    private var client: OpaquePointer?

    private func listenerBus() -> OpaquePointer? {
        if let client { return client }
        client = AssistiveTechnology.newAccessibilityBusConnection()
        return client
    }

    func call(_ connection: OpaquePointer, destination: String, path: String, interface: String, method: String,
                      _ completion: @escaping @MainActor (OpaquePointer?) -> Void) {
        // The reply is the completion's to read during the call; it is released after.
        let box = ClosureBox<@MainActor (OpaquePointer?) -> Void> { reply in
            completion(reply)
            if let reply { g_variant_unref(reply) }
        }
        g_dbus_connection_call(connection, destination, path, interface, method, nil, nil, G_DBUS_CALL_FLAGS_NONE, 2000, nil,
                               { source, result, data in
            var error: UnsafeMutablePointer<GError>?
            let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
            g_clear_error(&error)
            ListenerWatch.deliver(reply, to: data)
        }, box.retainedPointer())
    }

    private static func firstString(of reply: OpaquePointer) -> String? {
        guard g_variant_n_children(reply) > 0, let first = g_variant_get_child_value(reply, 0) else { return nil }
        defer { g_variant_unref(first) }
        return String(cString: g_variant_get_string(first, nil))
    }
}
