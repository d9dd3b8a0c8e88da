internal import CGtk

/// A GTK event controller attached to a widget with `Widget.add(_:)`.
@MainActor
open class EventController: Object {
    /// How far up and down the widget tree the controller sees events.
    public var propagationPhase: PropagationPhase {
        get { PropagationPhase(gtk_event_controller_get_propagation_phase(pf_event_controller(raw))) }
        set { gtk_event_controller_set_propagation_phase(pf_event_controller(raw), newValue.cValue) }
    }
}

/// Keyboard events: `key-pressed`, with the key value and modifier state.
///
/// ```swift
/// let keys = KeyController()
/// keys.onKeyPressed { key, _, modifiers in key == .escape ? (clear(), true).1 : false }
/// widget.add(keys)
/// ```
@MainActor
public final class KeyController: EventController {
    /// A handler of a key press; returns whether it handled the key.
    public typealias Handler = @MainActor (_ key: Key, _ keycode: UInt32, _ modifiers: Modifiers) -> Bool

    public init() {
        super.init(retaining: UnsafeMutableRawPointer(gtk_event_controller_key_new()))
    }

    /// Calls `handler` for every key press the widget sees.
    @discardableResult
    public func onKeyPressed(_ handler: @escaping Handler) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
            _, keyval, keycode, modifiers, data in
            let box = ClosureBox<Handler>.from(data)
            return MainActor.assumeIsolated { box.body(Key(keyval: keyval), keycode, Modifiers(modifiers)) } ? 1 : 0
        }
        return connect("key-pressed", trampoline: unsafeBitCast(trampoline, to: GCallback.self),
                       box: ClosureBox<Handler>(handler), after: false)
    }
}

/// Pointer clicks: `pressed` and `released` with the press count and position.
@MainActor
public final class ClickGesture: EventController {
    /// A handler of a press or release.
    public typealias Handler = @MainActor (_ pressCount: Int32, _ x: Double, _ y: Double) -> Void

    public init() {
        super.init(retaining: UnsafeMutableRawPointer(gtk_gesture_click_new()))
    }

    /// Which mouse button the gesture listens to; 0 for all.
    public var button: UInt32 {
        get { gtk_gesture_single_get_button(pf_gesture_single(raw)) }
        set { gtk_gesture_single_set_button(pf_gesture_single(raw), newValue) }
    }

    /// Calls `handler` when a button goes down.
    @discardableResult
    public func onPressed(_ handler: @escaping Handler) -> SignalConnection { connectPress("pressed", handler) }

    /// Calls `handler` when a button comes up.
    @discardableResult
    public func onReleased(_ handler: @escaping Handler) -> SignalConnection { connectPress("released", handler) }

    private func connectPress(_ signal: String, _ handler: @escaping Handler) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = {
            _, count, x, y, data in
            let box = ClosureBox<Handler>.from(data)
            MainActor.assumeIsolated { box.body(count, x, y) }
        }
        return connect(signal, trampoline: unsafeBitCast(trampoline, to: GCallback.self),
                       box: ClosureBox<Handler>(handler), after: false)
    }
}

/// Keyboard focus entering and leaving a widget.
@MainActor
public final class FocusController: EventController {
    public init() {
        super.init(retaining: UnsafeMutableRawPointer(gtk_event_controller_focus_new()))
    }

    /// Calls `handler` when focus enters the widget or one of its children.
    @discardableResult
    public func onEnter(_ handler: @escaping @MainActor () -> Void) -> SignalConnection { connect("enter", handler) }

    /// Calls `handler` when focus leaves the widget and its children.
    @discardableResult
    public func onLeave(_ handler: @escaping @MainActor () -> Void) -> SignalConnection { connect("leave", handler) }
}
