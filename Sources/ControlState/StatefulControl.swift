/// The headless state engine of a control (a port of QUIckControl on UIControl's state rules):
/// the state is derived from factors, values are bound to key paths per state descriptor, and
/// the engine applies the winning value of every bound key path when the state changes.
///
/// ```swift
/// final class Toggle: StatefulControl {
///     var isOn = false { didSet { setNeedsStateUpdate() } }
///     var tint = Color.clear
///     override init() {
///         super.init()
///         register(.on, forBoolKeyPath: \Toggle.isOn)
///         setValue(Color.green, for: \Toggle.tint, for: .intersected(.on))
///     }
/// }
/// ```
///
/// Factor changes grouped in a transition apply once, at its outermost commit. Targets are held
/// weakly: the values of a released target are dropped. A value is written only when its
/// winner changes; through a class's key path the runtime allocates once per write, so a
/// control that styles itself with no allocation keeps its style in a struct (`StyledControl`).
///
/// The class has no actor isolation, so headless code can use it; it is not `Sendable`.
open class StatefulControl {
    /// The built-in bits and those set by `updateState(_:to:)`.
    var storedState: ControlState = []
    var factors: [(state: ControlState, holds: (StatefulControl) -> Bool)] = []
    /// The state the bound values show.
    var appliedState: ControlState = []
    var transitionDepth = 0
    var queuedEvents: [ControlEvents] = []
    /// The values bound on objects, in the order first bound.
    var bindings: [ObjectBinding] = []
    /// Orders the values set: on equal priorities the most recent wins.
    var nextSequence = 0
    var eventSubscribers: [(record: SubscriberRecord, events: ControlEvents, handler: (ControlEvents) -> Void)] = []
    var stateSubscribers: [(record: SubscriberRecord, descriptor: StateDescriptor, handler: () -> Void)] = []

    /// Creates a control in the normal state, with no factor registered and no value bound.
    public init() {}

    /// The state derived from the stored bits and registered factors right now; inside a
    /// transition it may be ahead of the state the bound values show.
    public var state: ControlState {
        // The arrays of the control are read into, and written from, local copies: accesses that
        // span no call let the optimizer drop their dynamic exclusivity checks.
        var state = storedState
        guard !factors.isEmpty else { return state }
        let factors = self.factors
        for factor in factors where factor.holds(self) {
            state.formUnion(factor.state)
        }
        return state
    }

    /// Whether the control is pressed; setting it to `true` while disabled is ignored.
    open var isHighlighted: Bool {
        get { storedState.contains(.highlighted) }
        set {
            if newValue, storedState.contains(.disabled) { return }
            updateStoredState(.highlighted, to: newValue)
        }
    }

    /// Whether the control accepts input; disabling it also clears `isHighlighted`.
    open var isEnabled: Bool {
        get { !storedState.contains(.disabled) }
        set {
            if !newValue { storedState.remove(.highlighted) }
            updateStoredState(.disabled, to: !newValue)
        }
    }

    /// Whether the control is selected.
    open var isSelected: Bool {
        get { storedState.contains(.selected) }
        set { updateStoredState(.selected, to: newValue) }
    }

    /// Whether the control has the keyboard focus.
    open var isFocused: Bool {
        get { storedState.contains(.focused) }
        set { updateStoredState(.focused, to: newValue) }
    }

    /// Sets or clears application bits, for a control that knows when they change (as the
    /// built-in properties do): `updateState(.filled, to: pinCode.isFilled)`. Cheaper than a
    /// factor, which is read on every state change.
    public final func updateState(_ state: ControlState, to isSet: Bool) {
        precondition(ControlState.application.isSuperset(of: state), "\(state) is not in the application range")
        updateStoredState(state, to: isSet)
    }

    private func updateStoredState(_ bit: ControlState, to isSet: Bool) {
        storedState = isSet ? storedState.union(bit) : storedState.subtracting(bit)
        setNeedsStateUpdate()
    }

    /// Derives `state` from a Bool property of the control, `\Toggle.isOn`: set while it is
    /// `true` (or `false` when `inverted`). Call `setNeedsStateUpdate()` when it changes.
    public func register<Control: StatefulControl>(
        _ state: ControlState, forBoolKeyPath keyPath: KeyPath<Control, Bool>, inverted: Bool = false
    ) {
        register(state) { (control: Control) in control[keyPath: keyPath] != inverted }
    }

    /// Derives `state` from a predicate on the control, seen as its own class or any superclass:
    /// `register(.valid) { (pin: PinCodeControl) in pin.isFilled && pin.isValid }`.
    public func register<Control: StatefulControl>(_ state: ControlState, predicate: @escaping (Control) -> Bool) {
        precondition(self is Control, "\(type(of: self)) is not a \(Control.self)")
        let factors = self.factors
        self.factors = factors + [(state, { ($0 as? Control).map(predicate) ?? false })]
        setNeedsStateUpdate()
    }

    /// Tells the engine that a factor may have changed: it applies the new state now, or at
    /// the outermost commit inside a transition.
    public final func setNeedsStateUpdate() {
        applyCurrentState()
    }

    /// Derives the state and, if it differs from the state the values show, writes the winner
    /// of every bound key path, calls `stateDidChange(from:)` and notifies the state subscribers
    /// whose descriptor starts matching; inside a transition, does nothing. Overrides must call
    /// `super`.
    open func applyCurrentState() {
        guard transitionDepth == 0 else { return }
        let newState = state, previous = appliedState
        guard newState != previous else { return }
        appliedState = newState
        applyOwnValues(in: newState)
        if !bindings.isEmpty {
            applyObjectBindings(in: newState)
        }
        stateDidChange(from: previous)
        if !stateSubscribers.isEmpty {
            notifyStateSubscribers(from: previous, to: newState)
        }
    }

    /// Called after the values of a new state were written, before the state subscribers.
    open func stateDidChange(from previous: ControlState) {}

    /// Writes the values the control keeps in itself (a `StyledControl`'s style).
    func applyOwnValues(in state: ControlState) {}

    private func applyObjectBindings(in state: ControlState) {
        // A copy: a setter may bind or remove values meanwhile.
        let bindings = self.bindings
        var sawReleasedTarget = false
        for binding in bindings where !binding.isRemoved {
            sawReleasedTarget = !binding.apply(in: state) || sawReleasedTarget
            // A setter changed the state again: the newer state is shown already.
            if appliedState != state { break }
        }
        if sawReleasedTarget {
            dropBindingsOfReleasedTargets()
        }
    }
}
