/// The headless state engine of a control (a port of QUIckControl on UIControl's state rules):
/// the state is derived from factors, values are bound to key paths per state descriptor, and
/// the engine applies the winning value of every bound key path when the state changes.
///
/// ```swift
/// final class PinCodeControl: StatefulControl {
///     var isFilled = false { didSet { setNeedsStateUpdate() } }
///     var fillColor = Color.clear
///
///     override init() {
///         super.init()
///         register(.filled, forBoolKeyPath: \PinCodeControl.isFilled)
///         setValue(Color.grey, for: \PinCodeControl.fillColor, for: .intersected(.filled))
///     }
/// }
/// ```
///
/// Changes of several factors can be grouped in a transition, which applies the state once at
/// its outermost commit and then delivers the events sent meanwhile. Targets are held weakly.
///
/// The class has no actor isolation, so headless code can use it; it is not `Sendable`.
/// Main-actor code can own one and subscribe to it, but Swift 6 does not let a key path to a
/// main-actor-isolated property reach it: bind values on non-isolated objects.
///
/// Everything a state change needs is laid out when values are set or removed, so a state
/// change allocates nothing. A plain stored property (no observers) of a bound object is
/// written in place; an observed or computed one through its key path, which makes the Swift
/// runtime allocate once per write that changes the value.
open class StatefulControl {
    // The built-in factors, kept as bits so that deriving the state reads them at once.
    @exclusivity(unchecked) var storedState: ControlState = []
    @exclusivity(unchecked) var factors: [Factor] = []
    /// Factors read in place (plain stored Bool properties), apart so that reading them copies
    /// no closure; in plain memory owned by the control, so that reading them retains nothing.
    @exclusivity(unchecked) var storedFactors = UnsafeMutableBufferPointer<StoredFactor>(start: nil, count: 0)
    /// The state the bound values show.
    @exclusivity(unchecked) var appliedState: ControlState = []
    @exclusivity(unchecked) var transitionDepth = 0
    var queuedEvents: [ControlEvents] = []
    @exclusivity(unchecked) var targets: [TargetBindings] = []
    @exclusivity(unchecked) var plan = ApplyPlan(targets: []) { _ in ValueBinding.defaultSequence }
    /// The memory of `plan` that a state change reads, copied here so that reading it neither
    /// retains the plan nor goes through it.
    @exclusivity(unchecked) var hot = ApplyPlan.Hot()
    /// Counts plan rebuilds, so that a state change sees when a setter rebuilt the plan.
    @exclusivity(unchecked) var planGeneration = 0
    /// How many closure appliers are running (more than one when a setter changes the state),
    /// and the plans replaced meanwhile, kept until the outermost one returns.
    @exclusivity(unchecked) var applyingDepth = 0
    @exclusivity(unchecked) var retiredPlans: [ApplyPlan] = []
    var targetsByID: [ObjectIdentifier: TargetBindings] = [:]
    var nextSequence = 0
    @exclusivity(unchecked) var eventSubscribers: [EventSubscriber] = []
    @exclusivity(unchecked) var stateSubscribers: [StateSubscriber] = []

    struct Factor {
        let state: ControlState
        let holds: (StatefulControl) -> Bool
    }

    struct StoredFactor {
        let state: ControlState
        let offset: Int
        /// 1 when the factor holds while the property is `false`.
        let inverted: UInt8
    }

    /// Creates a control in the normal state, with no factor registered and no value bound.
    public init() {}

    deinit {
        storedFactors.deallocate()
    }

    // MARK: - State

    /// The state derived from the built-in and registered factors right now; inside a
    /// transition it may be ahead of the state the bound values show.
    public var state: ControlState {
        derivedState()
    }

    /// `state`, inlined where a state change needs it.
    @inline(__always)
    func derivedState() -> ControlState {
        var bits = storedState.rawValue
        let base = StoredProperty.address(0, in: self)
        // Without a branch: which factors hold changes at random from one change to the next.
        if let factors = storedFactors.baseAddress {
            let count = storedFactors.count
            var index = 0
            repeat {
                let factor = factors[index]
                let holds = (base.load(fromByteOffset: factor.offset, as: UInt8.self) ^ factor.inverted) & 1
                bits |= factor.state.rawValue & (0 &- UInt32(holds))
                index &+= 1
            } while index < count
        }
        if !factors.isEmpty {
            bits |= predicateFactorBits()
        }
        return ControlState(rawValue: bits)
    }

    /// The bits of the factors that are predicates; apart, so that a state change without
    /// such factors carries none of their calling.
    @inline(never)
    private func predicateFactorBits() -> UInt32 {
        var bits: UInt32 = 0
        for factor in factors where factor.holds(self) {
            bits |= factor.state.rawValue
        }
        return bits
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
            if !newValue {
                storedState.remove(.highlighted)
            }
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

    private func updateStoredState(_ bit: ControlState, to isSet: Bool) {
        if isSet {
            storedState.insert(bit)
        } else {
            storedState.remove(bit)
        }
        setNeedsStateUpdate()
    }

    /// Derives `state` from a Bool property of the control: `state` is set while the property
    /// is `true` (or `false` when `inverted`).
    ///
    /// ```swift
    /// register(.filled, forBoolKeyPath: \PinCodeControl.isFilled)
    /// ```
    ///
    /// Call `setNeedsStateUpdate()` when the property changes. The key path's root must be the
    /// control's own class or one of its superclasses.
    public func register<Control: StatefulControl>(
        _ state: ControlState,
        forBoolKeyPath keyPath: KeyPath<Control, Bool>,
        inverted: Bool = false
    ) {
        guard let control = self as? Control else {
            preconditionFailure("\(keyPath) is not a key path of \(type(of: self))")
        }
        // A plain stored property is read in place: deriving the state runs on every change.
        if let writable = keyPath as? ReferenceWritableKeyPath<Control, Bool>,
           let offset = StoredProperty.offset(of: writable, in: control) {
            let grown = UnsafeMutableBufferPointer<StoredFactor>.allocate(capacity: storedFactors.count + 1)
            _ = grown.initialize(from: storedFactors)
            grown.initializeElement(
                at: storedFactors.count,
                to: StoredFactor(state: state, offset: offset, inverted: inverted ? 1 : 0)
            )
            storedFactors.deallocate()
            storedFactors = grown
        } else {
            factors.append(Factor(state: state) { control in
                unsafeDowncast(control, to: Control.self)[keyPath: keyPath] != inverted
            })
        }
        setNeedsStateUpdate()
    }

    /// Derives `state` from a predicate on the control: `state` is set while it holds.
    ///
    /// ```swift
    /// register(.valid) { control in control.isEnabled && control.isSelected }
    /// ```
    public func register(_ state: ControlState, predicate: @escaping (StatefulControl) -> Bool) {
        factors.append(Factor(state: state, holds: predicate))
        setNeedsStateUpdate()
    }

    /// Derives `state` from a predicate on the control seen as its own class.
    ///
    /// ```swift
    /// register(.valid) { (pin: PinCodeControl) in pin.isFilled && pin.isValid }
    /// ```
    public func register<Control: StatefulControl>(
        _ state: ControlState,
        predicate: @escaping (Control) -> Bool
    ) {
        precondition(self is Control, "\(type(of: self)) is not a \(Control.self)")
        factors.append(Factor(state: state) { control in
            predicate(unsafeDowncast(control, to: Control.self))
        })
        setNeedsStateUpdate()
    }

    /// Tells the engine that a factor may have changed: it applies the new state now, or at
    /// the outermost commit inside a transition.
    public final func setNeedsStateUpdate() {
        applyCurrentState()
    }

    /// Derives the state and, if it differs from the state the values show, applies the
    /// winning value of every bound key path, calls `stateDidChange(from:)` and notifies the
    /// state subscribers whose descriptor starts matching. Inside a transition it does nothing:
    /// the outermost commit applies.
    ///
    /// Subclasses that override it must call `super`.
    open func applyCurrentState() {
        guard transitionDepth == 0 else { return }
        let newState = derivedState()
        let previous = appliedState
        guard newState != previous else { return }
        appliedState = newState
        applyBindings(in: newState)
        stateDidChange(from: previous)
        if !stateSubscribers.isEmpty {
            notifyStateSubscribers(from: previous, to: newState)
        }
    }

    /// Called after the bound values of a new state were applied, before the state
    /// subscribers; subclasses redraw here. `state` is the new state.
    open func stateDidChange(from previous: ControlState) {}

    // MARK: - Transitions

    /// Whether a transition is open.
    public var isInTransition: Bool {
        transitionDepth > 0
    }

    /// Opens a transition: state changes and events wait for the outermost commit. Transitions
    /// nest.
    public func beginTransition() {
        transitionDepth += 1
    }

    /// Closes a transition without applying: at the outermost level the queued events are
    /// dropped and the state is left for the next update. Unbalanced calls do nothing.
    public func endTransition() {
        guard transitionDepth > 0 else { return }
        transitionDepth -= 1
        if transitionDepth == 0 {
            queuedEvents.removeAll()
        }
    }

    /// Closes a transition: at the outermost level the state is applied once, then the events
    /// sent during the transition are delivered once each, in the order first sent. Unbalanced
    /// calls do nothing.
    public func commitTransition() {
        guard transitionDepth > 0 else { return }
        transitionDepth -= 1
        guard transitionDepth == 0 else { return }
        applyCurrentState()
        let events = queuedEvents
        queuedEvents.removeAll()
        for event in events {
            deliver(event)
        }
    }

    /// Runs `transition` inside a transition that is committed (or, with `commit: false`,
    /// ended) afterwards, even if it throws.
    ///
    /// ```swift
    /// performTransition {
    ///     isFilled = true
    ///     isValid = validate()
    ///     sendActions(for: .typeComplete)
    /// }
    /// ```
    public func performTransition(commit: Bool = true, _ transition: () throws -> Void) rethrows {
        beginTransition()
        defer {
            if commit {
                commitTransition()
            } else {
                endTransition()
            }
        }
        try transition()
    }

}
