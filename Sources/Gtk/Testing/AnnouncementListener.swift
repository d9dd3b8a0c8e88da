internal import CGtk
@_spi(Testing) import Gtk

/// Hears the announcements sent over the accessibility bus (AT-SPI's `Object:Announcement`, what
/// `gtk_accessible_announce` sends), as a screen reader does: it registers with the
/// accessibility registry as a listener for them, so the app knows a client listens
/// (`AssistiveTechnology.isListening`). For tests; `stop()` takes the registration back.
///
/// ```swift
/// let listener = try XCTUnwrap(AnnouncementListener())
/// defer { listener.stop() }
/// entry.announce("Saved", priority: .medium)
/// XCTAssertTrue(MainContext.spin(until: { listener.heard == [.init("Saved", isAssertive: false)] }))
/// ```
@MainActor
public final class AnnouncementListener {
    /// One announcement heard.
    public struct Announcement: Equatable, Sendable, CustomStringConvertible {
        /// What is to be said.
        public let message: String
        /// Whether it was sent as AT-SPI's "assertive" (GTK's high priority), else "polite".
        public let isAssertive: Bool

        /// An announcement of `message`.
        public init(_ message: String, isAssertive: Bool) {
            self.message = message
            self.isAssertive = isAssertive
        }

        public var description: String { "\(isAssertive ? "assertive" : "polite") \"\(message)\"" }
    }

    /// Every announcement heard since the listener started, oldest first.
    public private(set) var heard: [Announcement] = []

    private let bus: OpaquePointer
    private var subscription: UInt32 = 0
    private let registered: Bool
    private static let event = "object:announcement"

    /// Starts listening; nil without an accessibility bus. Without `registering`, it hears the
    /// bus without telling the registry, so the app knows of no listener (the quiet case).
    public init?(registering: Bool = true) {
        guard let bus = AssistiveTechnology.accessibilityBus() else { return nil }
        self.bus = bus
        registered = registering
        // The match rule first, so that nothing sent once the registration is known goes unheard.
        subscription = g_dbus_connection_signal_subscribe(
            bus, nil, "org.a11y.atspi.Event.Object", "Announcement", nil, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, listener in
                guard let parameters, let listener else { return }
                let heard = AnnouncementListener.announcement(in: parameters)
                MainActor.assumeIsolated {
                    let this = Unmanaged<AnnouncementListener>.fromOpaque(listener).takeUnretainedValue()
                    if let heard { this.heard.append(heard) }
                }
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
        if registering { _ = AssistiveTechnology.registerListener(for: Self.event) }
    }

    /// Stops listening and takes back the registration (safe to call twice).
    public func stop() {
        guard subscription != 0 else { return }
        g_dbus_connection_signal_unsubscribe(bus, subscription)
        subscription = 0
        if registered { AssistiveTechnology.deregisterListener(for: Self.event) }
    }

    isolated deinit {
        stop()
    }

    /// The announcement in an `Announcement` signal's arguments, `(siiva{sv})`: the politeness
    /// (AT-SPI's `AtspiLive`: 1 polite, 2 assertive) second, the message in the variant.
    private nonisolated static func announcement(in parameters: OpaquePointer) -> Announcement? {
        guard g_variant_n_children(parameters) >= 4,
              let live = g_variant_get_child_value(parameters, 1),
              let boxed = g_variant_get_child_value(parameters, 3) else { return nil }
        defer {
            g_variant_unref(live)
            g_variant_unref(boxed)
        }
        guard let text = g_variant_get_variant(boxed) else { return nil }
        defer { g_variant_unref(text) }
        guard String(cString: g_variant_get_type_string(text)) == "s" else { return nil }
        return Announcement(String(cString: g_variant_get_string(text, nil)), isAssertive: g_variant_get_int32(live) == 2)
    }
}
