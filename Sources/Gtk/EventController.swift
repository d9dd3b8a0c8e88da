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

    /// Calls `handler` for every key press the widget sees.
    @discardableResult
    public func onKeyPressed(_ handler: @escaping Handler) -> SignalConnection {
        connectKeyPressed { keyval, keycode, modifiers in handler(Key(keyval: keyval), keycode, modifiers) }
    }
}

/// Pointer clicks: `pressed` and `released` with the press count and position.
@MainActor
public final class ClickGesture: EventController {
    /// A handler of a press or release.
    public typealias Handler = @MainActor (_ pressCount: Int32, _ x: Double, _ y: Double) -> Void

    /// Which mouse button the gesture listens to; 0 for all.
    public var button: UInt32 {
        get { gtk_gesture_single_get_button(pf_gesture_single(raw)) }
        set { gtk_gesture_single_set_button(pf_gesture_single(raw), newValue) }
    }
}

/// Keyboard focus entering and leaving a widget.
@MainActor
public final class FocusController: EventController {
}
