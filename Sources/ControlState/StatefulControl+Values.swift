// Binding values to key paths of objects per state descriptor, asking what applies, removing.
extension StatefulControl {
    /// Binds `value` to `keyPath` of `target` for the states `descriptor` matches, replacing
    /// the value of an equal descriptor, and shows the winner of the current state at once.
    ///
    /// The first value bound to a key path of a target captures the target's value there as
    /// the default, which shows when no descriptor matches. The target is held weakly.
    ///
    /// ```swift
    /// control.setValue(Color.red, for: item, \.fill, for: .intersected(.invalid))
    /// ```
    public func setValue<Root: AnyObject, Value>(
        _ value: Value, for target: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>,
        for descriptor: StateDescriptor
    ) {
        let binding = keyPathBinding(for: target, keyPath)
        binding.insert(value, for: descriptor, sequence: takeSequence())
        // Setting a value never bypasses priority: show the winner of the applied state.
        _ = binding.apply(in: appliedState)
    }

    /// Binds `value` for exactly the state `state` (an `.exact` descriptor).
    public func setValue<Root: AnyObject, Value>(
        _ value: Value, for target: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>, for state: ControlState
    ) {
        setValue(value, for: target, keyPath, for: .exact(state))
    }

    /// Binds `value` for every state that contains `state` (an `.intersected` descriptor).
    public func setValue<Root: AnyObject, Value>(
        _ value: Value, for target: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>, forAllStatesContained state: ControlState
    ) {
        setValue(value, for: target, keyPath, for: .intersected(state))
    }

    /// Binds `value` for every state that lacks a bit of `state` (an `.inverted` descriptor).
    public func setValue<Root: AnyObject, Value>(
        _ value: Value, for target: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>, forInvertedState state: ControlState
    ) {
        setValue(value, for: target, keyPath, for: .inverted(state))
    }

    /// Binds `value` to a key path of the control itself for the states `descriptor` matches.
    public func setValue<Control: StatefulControl, Value>(
        _ value: Value, for keyPath: ReferenceWritableKeyPath<Control, Value>, for descriptor: StateDescriptor
    ) {
        setValue(value, for: itself(as: Control.self), keyPath, for: descriptor)
    }

    /// Binds `value` to a key path of the control itself for exactly the state `state`.
    public func setValue<Control: StatefulControl, Value>(
        _ value: Value, for keyPath: ReferenceWritableKeyPath<Control, Value>, for state: ControlState
    ) {
        setValue(value, for: itself(as: Control.self), keyPath, for: .exact(state))
    }

    /// Binds `value` to a key path of the control itself for every state that contains `state`.
    public func setValue<Control: StatefulControl, Value>(
        _ value: Value, for keyPath: ReferenceWritableKeyPath<Control, Value>, forAllStatesContained state: ControlState
    ) {
        setValue(value, for: itself(as: Control.self), keyPath, for: .intersected(state))
    }

    /// Binds `value` to a key path of the control itself for every state that lacks a bit of `state`.
    public func setValue<Control: StatefulControl, Value>(
        _ value: Value, for keyPath: ReferenceWritableKeyPath<Control, Value>, forInvertedState state: ControlState
    ) {
        setValue(value, for: itself(as: Control.self), keyPath, for: .inverted(state))
    }

    /// The value the engine would apply to `keyPath` of `target` in `state`: the winner, or
    /// the captured default; `nil` when nothing was bound there.
    public func value<Root: AnyObject, Value>(
        for target: Root, _ keyPath: KeyPath<Root, Value>, in state: ControlState
    ) -> Value? {
        guard let binding = binding(for: target, keyPath) else { return nil }
        return binding.value(at: binding.ranking.winner(in: state).map { $0 + 1 } ?? 0) as? Value
    }

    /// The value the engine would apply to `keyPath` of the control itself in `state`.
    public func value<Control: StatefulControl, Value>(
        for keyPath: KeyPath<Control, Value>, in state: ControlState
    ) -> Value? {
        value(for: itself(as: Control.self), keyPath, in: state)
    }

    /// Removes the values of `keyPath` of `target` whose descriptor matches `state` (every value
    /// when `state` is `nil`); the default stays, and nothing is written until the state changes.
    public func removeValues<Root: AnyObject, Value>(
        for target: Root, _ keyPath: KeyPath<Root, Value>, forState state: ControlState? = nil
    ) {
        binding(for: target, keyPath)?.removeEntries { state.map($0.matches) ?? true }
    }

    /// Forgets every key path bound on `target` (the control itself when `nil`), defaults
    /// included; the target keeps what it shows.
    public func removeValues(for target: AnyObject? = nil) {
        let target = target ?? self, bindings = self.bindings
        for binding in bindings where binding.target === target {
            remove(binding)
        }
    }

    // MARK: - Storage

    private func itself<Control: StatefulControl>(as type: Control.Type) -> Control {
        guard let control = self as? Control else { preconditionFailure("\(Self.self) is not a \(Control.self)") }
        return control
    }

    /// The state the bound values show, for inlined code.
    @usableFromInline var shownState: ControlState { appliedState }

    @usableFromInline
    func takeSequence() -> Int {
        defer { nextSequence += 1 }
        return nextSequence
    }

    /// The binding of `keyPath` on `target`; a released target's binding is on nothing, even if
    /// a new object took its address.
    func binding(for target: AnyObject, _ keyPath: AnyKeyPath) -> ObjectBinding? {
        let bindings = self.bindings
        return bindings.first { $0.target === target && $0.keyPath == keyPath }
    }

    private func keyPathBinding<Root: AnyObject, Value>(
        for target: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>
    ) -> KeyPathBinding<Root, Value> {
        let existing = binding(for: target, keyPath)
        // The same key path of the same object has the same root and value types.
        if let binding = existing as? KeyPathBinding<Root, Value> {
            return binding
        }
        existing.map(remove)
        dropBindingsOfReleasedTargets()
        let binding = KeyPathBinding(target: target, keyPath: keyPath), current = bindings
        bindings = current + [binding]
        return binding
    }

    private func remove(_ binding: ObjectBinding) {
        binding.isRemoved = true
        let current = bindings
        bindings = current.filter { $0 !== binding }
    }

    /// Forgets the values bound on targets that were released.
    func dropBindingsOfReleasedTargets() {
        let bindings = self.bindings
        for binding in bindings where binding.target == nil {
            remove(binding)
        }
    }

    /// How many objects have values bound, released ones not dropped yet included.
    var boundTargetCount: Int {
        let bindings = self.bindings
        return Set(bindings.map(\.targetID)).count
    }
}
