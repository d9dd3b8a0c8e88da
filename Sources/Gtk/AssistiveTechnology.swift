internal import CGtk
import Foundation

/// Whether an assistive technology follows the keyboard focus through AT-SPI, as a screen
/// reader does: Orca registers for focus events with the accessibility registry, and it hears
/// each key — and echoes it, unless the focus is on password text — before the app does.
/// (Orca 43 hears keys through XInput, not the registry's keystroke listeners, so those cannot
/// tell.) Another client following the focus (a magnifier) counts too: the safe side.
///
/// ```swift
/// if AssistiveTechnology.followsFocus { /* a digit typed on a button was spoken */ }
/// ```
@MainActor
public enum AssistiveTechnology {
    /// The accessibility bus, connected on first use (nil: none could be reached).
    private static var bus: OpaquePointer?
    private static var triedBus = false

    /// Whether a client of the accessibility bus is registered for focus events now. False
    /// without an accessibility bus.
    public static var followsFocus: Bool { registeredEvents.contains(where: isFocusEvent) }

    /// Whether a registration for `event` hears focus changes: the registry names events as
    /// D-Bus does ("Object:StateChanged:Focused", "Focus::"), pyatspi as "object:state-changed:focused";
    /// an empty member or detail is every event of its kind.
    nonisolated static func isFocusEvent(_ event: String) -> Bool {
        let parts = event.lowercased().replacingOccurrences(of: "-", with: "").split(separator: ":", omittingEmptySubsequences: false)
        switch (parts.first ?? "", parts.count > 1 ? parts[1] : "", parts.count > 2 ? parts[2] : "") {
        case ("focus", _, _): return true
        case ("object", "", _), ("object", "statechanged", ""), ("object", "statechanged", "focused"): return true
        default: return false
        }
    }

    /// The event types clients of the accessibility bus are registered for
    /// (`org.a11y.atspi.Registry.GetRegisteredEvents`).
    static var registeredEvents: [String] { askRegisteredEvents() ?? [] }

    /// The same, nil when the registry could not be asked.
    static func askRegisteredEvents() -> [String]? {
        guard let bus = accessibilityBus() else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let reply = g_dbus_connection_call_sync(
            bus, "org.a11y.atspi.Registry", "/org/a11y/atspi/registry", "org.a11y.atspi.Registry",
            "GetRegisteredEvents", nil, nil, G_DBUS_CALL_FLAGS_NONE, 500, nil, &error)
        else {
            g_clear_error(&error)
            return nil
        }
        defer { g_variant_unref(reply) }
        guard g_variant_n_children(reply) > 0, let listeners = g_variant_get_child_value(reply, 0) else { return [] }
        defer { g_variant_unref(listeners) }
        var events: [String] = []
        for index in 0..<g_variant_n_children(listeners) {
            // Each is (bus name, event type).
            guard let pair = g_variant_get_child_value(listeners, index) else { continue }
            if g_variant_n_children(pair) > 1, let type = g_variant_get_child_value(pair, 1) {
                events.append(String(cString: g_variant_get_string(type, nil)))
                g_variant_unref(type)
            }
            g_variant_unref(pair)
        }
        return events
    }

    /// The accessibility bus GTK talks to: `AT_SPI_BUS_ADDRESS`, else the address the session
    /// bus's `org.a11y.Bus` gives. A connection of this process's own (a `GDBusConnection`), not
    /// GTK's: tests listen on it for what GTK sends.
    @_spi(Testing) public static func accessibilityBus() -> OpaquePointer? {
        if triedBus { return bus }
        triedBus = true
        var error: UnsafeMutablePointer<GError>?
        var address = ProcessInfo.processInfo.environment["AT_SPI_BUS_ADDRESS"]
        if address == nil, let session = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) {
            defer { g_object_unref(UnsafeMutableRawPointer(session)) }
            if let reply = g_dbus_connection_call_sync(session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus",
                                                       "GetAddress", nil, nil, G_DBUS_CALL_FLAGS_NONE, 500, nil, &error) {
                defer { g_variant_unref(reply) }
                if let first = g_variant_get_child_value(reply, 0) {
                    address = String(cString: g_variant_get_string(first, nil))
                    g_variant_unref(first)
                }
            }
        }
        g_clear_error(&error)
        guard let address, !address.isEmpty else { return nil }
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
            | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        bus = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error)
        g_clear_error(&error)
        return bus
    }
}
