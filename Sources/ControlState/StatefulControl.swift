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
    /// The state of each dense index, while the index has at most `ApplyPlan.maxDenseBits`
    /// bits (`nil` beyond). The dense index of a state change is which built-in bits are set
    /// (bits 0 to 3) and which factors hold: the state follows from it, and it picks the row
    /// of winners without hashing.
    @exclusivity(unchecked) var statesByIndex: UnsafeMutablePointer<UInt32>? = StatefulControl.makeStatesByIndex([])
    /// The plain stored factors, gathered at once into the dense index: the word at
    /// `gatherOffset` in the control has their Bool bytes (flipped by `gatherFlip` where
    /// inverted, kept by `gatherMask`), and one multiplication packs a bit of each byte
    /// into the top byte. `gatherMask` is 0 when there are no such factors.
    @exclusivity(unchecked) var gatherOffset = 0
    @exclusivity(unchecked) var gatherFlip: UInt64 = 0
    @exclusivity(unchecked) var gatherMask: UInt64 = 0
    @exclusivity(unchecked) var gatherShift: UInt64 = 0
    /// The number of bits of the dense index (meaningful while `statesByIndex` is not `nil`).
    @exclusivity(unchecked) var denseIndexBits = 4
    /// The state the bound values show.
    @exclusivity(unchecked) var appliedState: ControlState = []
    @exclusivity(unchecked) var transitionDepth = 0
    var queuedEvents: [ControlEvents] = []
    @exclusivity(unchecked) var targets: [TargetBindings] = []
    @exclusivity(unchecked) var plan = ApplyPlan(targets: [], denseIndexBits: nil) { _ in ValueBinding.defaultSequence }
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
        statesByIndex?.deallocate()
    }

    /// The states of every dense index whose bit `4 + n` stands for the factor of
    /// `factors[n]` (`nil` for a bit of none); `nil` when the index would have more than
    /// `ApplyPlan.maxDenseBits` bits.
    static func makeStatesByIndex(_ factors: [ControlState?]) -> UnsafeMutablePointer<UInt32>? {
        let bits = 4 + factors.count
        guard bits <= ApplyPlan.maxDenseBits else { return nil }
        let count = 1 << bits
        let states = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        for index in 0..<count {
            var state = UInt32(index & 0xF)
            for (position, factor) in factors.enumerated() where index & (1 << (4 + position)) != 0 {
                state |= factor?.rawValue ?? 0
            }
            states[index] = state
        }
        return states
    }

    /// Lays out the dense index again after a factor was registered: the plain stored
    /// factors by their bytes' places in one word of the control, then the others.
    private func factorsDidChange() {
        statesByIndex?.deallocate()
        statesByIndex = nil
        gatherMask = 0
        var layout: [ControlState?] = []
        var isDense = true
        #if !_endian(little)
        isDense = false
        #endif
        if isDense, !storedFactors.isEmpty {
            let offsets = storedFactors.map(\.offset)
            let first = offsets.min() ?? 0, last = offsets.max() ?? 0
            let storageStart = _getUnsafePointerToStoredProperties(self) - StoredProperty.address(0, in: self)
            // The word read must lie in the control's own stored properties.
            let start = min(first, StoredProperty.instanceSize(of: self) - 8)
            if Set(offsets).count == offsets.count, last - first < 8, start >= storageStart, last < start + 8 {
                layout = Array(repeating: nil, count: last - first + 1)
                for factor in storedFactors {
                    let byte = UInt64(factor.offset - start) * 8
                    gatherMask |= 1 << byte
                    gatherFlip |= UInt64(factor.inverted) << byte
                    layout[factor.offset - first] = factor.state
                }
                gatherOffset = start
                gatherShift = UInt64(56 + first - start)
            } else {
                isDense = false
            }
        }
        if !isDense {
            gatherMask = 0
            gatherFlip = 0
        } else {
            layout += factors.map(\.state)
            statesByIndex = Self.makeStatesByIndex(layout)
            denseIndexBits = 4 + layout.count
        }
        // The plan's rows of winners are laid out by the index.
        rebuildPlan()
        setNeedsStateUpdate()
    }

    /// Which built-in bits are set and which factors hold, as the dense index; inlined where
    /// a state change needs it.
    @inline(__always)
    func derivedIndex() -> Int {
        var index = storedState.rawValue
        if gatherMask != 0 {
            let word = StoredProperty.address(gatherOffset, in: self).loadUnaligned(as: UInt64.self)
            // Byte j of the masked word (0 or 1) lands on bit 56 + j, without carries.
            let gathered = ((word ^ gatherFlip) & gatherMask) &* 0x0102_0408_1020_4080
            index |= UInt32(truncatingIfNeeded: gathered &>> gatherShift) &<< 4
        }
        if !factors.isEmpty {
            index |= predicateFactorIndexBits()
        }
        return Int(index)
    }

    @inline(never)
    private func predicateFactorIndexBits() -> UInt32 {
        var bits: UInt32 = 0
        var shift = UInt32(denseIndexBits - factors.count)
        for factor in factors {
            if factor.holds(self) {
                bits |= 1 &<< shift
            }
            shift &+= 1
        }
        return bits
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
        factorsDidChange()
    }

    /// Derives `state` from a predicate on the control: `state` is set while it holds.
    ///
    /// ```swift
    /// register(.valid) { control in control.isEnabled && control.isSelected }
    /// ```
    public func register(_ state: ControlState, predicate: @escaping (StatefulControl) -> Bool) {
        factors.append(Factor(state: state, holds: predicate))
        factorsDidChange()
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
        factorsDidChange()
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
        let newState: ControlState
        var index = -1
        if let states = statesByIndex {
            index = derivedIndex()
            newState = ControlState(rawValue: states[index])
        } else {
            newState = derivedState()
        }
        let previous = appliedState
        guard newState != previous else { return }
        appliedState = newState
        applyBindings(in: newState, index: index)
        stateDidChange(from: previous)
        if !stateSubscribers.isEmpty {
            notifyStateSubscribers(from: previous, to: newState)
        }
    }

    /// Called after the bound values of a new state were applied, before the state
    /// subscribers; subclasses redraw here. `state` is the new state.
    open func stateDidChange(from previous: ControlState) {}
}
