internal import CGtk
import Foundation

/// Hears that the desktop session locks: GNOME's screen shield (`org.gnome.ScreenSaver`'s
/// `ActiveChanged(true)` on the session bus) and logind's `Lock` signal on this session's object
/// (`org.freedesktop.login1.Session` on the system bus, what `loginctl lock-session` sends).
///
/// ```swift
/// let sessionLock = SessionLockSignal { app.lock(.session) }
/// ```
///
/// Any process on the bus can send these signals; the worst one can do is lock the app, which is
/// the safe direction, so the sender is not checked.
@MainActor
public final class SessionLockSignal {
    /// Where logind's signals are listened to.
    public enum LogindBus: Sendable {
        /// The system bus, where logind is.
        case system
        /// The session bus: for tests on a private bus, where the test sends `Lock` itself.
        case session
        /// Not at all.
        case none
    }

    private var subscriptions: [(connection: OpaquePointer, id: guint)] = []
    private let onLock: @MainActor () -> Void

    /// Starts listening; `onLock` runs each time the session locks.
    ///
    /// - Parameters:
    ///   - logindBus: where logind's `Lock` is listened to.
    ///   - sessionPath: logind's object of this session; by default the one `XDG_SESSION_ID`
    ///     names. Without either, only the screen shield is heard.
    public init(logindBus: LogindBus = .system, sessionPath: String? = nil, onLock: @escaping @MainActor () -> Void) {
        self.onLock = onLock
        subscribe(on: G_BUS_TYPE_SESSION, interface: "org.gnome.ScreenSaver", member: "ActiveChanged",
                  path: "/org/gnome/ScreenSaver", requiresTrue: true)
        let path = sessionPath ?? ProcessInfo.processInfo.environment["XDG_SESSION_ID"].map(SessionLockSignal.logindPath(ofSession:))
        guard let path else { return }
        switch logindBus {
        case .system: subscribe(on: G_BUS_TYPE_SYSTEM, interface: "org.freedesktop.login1.Session", member: "Lock", path: path)
        case .session: subscribe(on: G_BUS_TYPE_SESSION, interface: "org.freedesktop.login1.Session", member: "Lock", path: path)
        case .none: break
        }
    }

    isolated deinit {
        for (connection, id) in subscriptions {
            g_dbus_connection_signal_unsubscribe(connection, id)
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
    }

    /// Whether it listens on a bus at all (false without a session bus).
    public var isListening: Bool { !subscriptions.isEmpty }

    /// logind's object path of session `id`, escaped as sd-bus does ("2" → `…/session/_32`).
    public nonisolated static func logindPath(ofSession id: String) -> String {
        var escaped = ""
        for (index, byte) in id.utf8.enumerated() {
            let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            let isDigit = byte >= 0x30 && byte <= 0x39
            if isLetter || (isDigit && index > 0) {
                escaped.append(Character(Unicode.Scalar(byte)))
            } else {
                escaped += "_" + String(byte, radix: 16, uppercase: false).leftPadded(to: 2)
            }
        }
        return "/org/freedesktop/login1/session/" + (escaped.isEmpty ? "_" : escaped)
    }

    private func subscribe(on bus: GBusType, interface: String, member: String, path: String, requiresTrue: Bool = false) {
        var error: UnsafeMutablePointer<GError>?
        // The session bus is the one GApplication already holds; the system bus is connected once.
        guard let connection = g_bus_get_sync(bus, nil, &error) else {
            g_clear_error(&error)
            return
        }
        let body: @MainActor (Bool) -> Void = { [weak self] isTrue in
            guard let self, isTrue || !requiresTrue else { return }
            onLock()
        }
        let box = ClosureBox<@MainActor (Bool) -> Void>(body)
        let callback: GDBusSignalCallback = { _, _, _, _, _, parameters, data in
            let box = ClosureBox<@MainActor (Bool) -> Void>.from(data)
            // ActiveChanged carries (b); Lock carries nothing.
            var isTrue = false
            if let parameters, g_variant_n_children(parameters) > 0, let first = g_variant_get_child_value(parameters, 0) {
                if pf_variant_is_boolean(first) != 0 { isTrue = g_variant_get_boolean(first) != 0 }
                g_variant_unref(first)
            }
            MainActor.assumeIsolated { box.body(isTrue) }
        }
        let id = g_dbus_connection_signal_subscribe(connection, nil, interface, member, path, nil,
                                                    G_DBUS_SIGNAL_FLAGS_NONE, callback, box.retainedPointer(),
                                                    releaseClosureBoxNotify)
        subscriptions.append((connection, id))
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
