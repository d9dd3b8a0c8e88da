/// The events a control sends to its subscribers, as a bitmask with a range for the
/// application (such as a PIN pad's `typeComplete`).
///
/// ```swift
/// extension ControlEvents {
///     static let typeComplete = ControlEvents(rawValue: 1 << 24)
/// }
/// control.sendActions(for: .typeComplete)
/// ```
public struct ControlEvents: OptionSet, Hashable, Sendable {
    /// The bits of the events.
    public let rawValue: UInt32

    /// Creates events from their bits.
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The value of the control changed (a toggle, a slider, a PIN digit).
    @inlinable public static var valueChanged: ControlEvents { ControlEvents(rawValue: 1 << 12) }
    /// The control's main action fired (a button was activated).
    @inlinable public static var primaryActionTriggered: ControlEvents { ControlEvents(rawValue: 1 << 13) }
    /// Editing began in a text control.
    @inlinable public static var editingDidBegin: ControlEvents { ControlEvents(rawValue: 1 << 16) }
    /// The text of a text control changed.
    @inlinable public static var editingChanged: ControlEvents { ControlEvents(rawValue: 1 << 17) }
    /// Editing ended in a text control.
    @inlinable public static var editingDidEnd: ControlEvents { ControlEvents(rawValue: 1 << 18) }
    /// The bits the application may define for its own events, from `1 << 24` up.
    @inlinable public static var application: ControlEvents { ControlEvents(rawValue: 0xFF00_0000) }
    /// Every event.
    @inlinable public static var all: ControlEvents { ControlEvents(rawValue: .max) }
}
