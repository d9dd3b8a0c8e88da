// Binding values to key paths per state descriptor, asking what applies, and removing them.
extension StatefulControl {
    /// Binds `value` to `keyPath` of `target` for the states `descriptor` matches, replacing
    /// the value of an equal descriptor, and shows the winner of the current state at once.
    ///
    /// The first value bound to a key path of a target captures the target's current value
    /// there as the default, which shows when no descriptor matches. The target is held weakly.
    ///
    /// ```swift
    /// control.setValue(Color.red, for: item, \.fill, for: .intersected(.invalid))
    /// ```
    public func setValue<Root: AnyObject, Value>(
        _ value: Value, for target: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>,
        for descriptor: StateDescriptor
    ) {
        let binding = keyPathBinding(for: target, keyPath)
        binding.ranking.insert(value, for: descriptor, sequence: takeSequence(), in: &binding.values)
        // Setting a value never bypasses priority: show the winner of the applied state.
        _ = binding.apply(in: appliedState, control: self)
    }

    /// Binds `value` for exactly the state `state` (an `.exact` descriptor).
    ///
    /// ```swift
    /// control.setValue("Locked", for: label, \.text, for: .disabled)
    /// ```
    public func setValue<Root: AnyObject, Value>(
        _ value: Value, for target: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>, for state: ControlState
    ) {
        setValue(value, for: target, keyPath, for: .exact(state))
    }

    /// Binds `value` for every state that contains `state` (an `.intersected` descriptor).
    public func setValue<Root: AnyObject, Value>(
        _ value: Value, for target: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>,
        forAllStatesContained state: ControlState
    ) {
        setValue(value, for: target, keyPath, for: .intersected(state))
    }

    /// Binds `value` for every state that lacks a bit of `state` (an `.inverted` descriptor).
    public func setValue<Root: AnyObject, Value>(
        _ value: Value, for target: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>,
        forInvertedState state: ControlState
    ) {
        setValue(value, for: target, keyPath, for: .inverted(state))
    }

    /// Binds `value` to a key path of the control itself for the states `descriptor` matches.
    ///
    /// ```swift
    /// toggle.setValue(Color.green, for: \Toggle.tint, for: .intersected(.on))
    /// ```
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

    /// Binds `value` to a key path of the control itself for every state that lacks a bit of
    /// `state`.
    public func setValue<Control: StatefulControl, Value>(
        _ value: Value, for keyPath: ReferenceWritableKeyPath<Control, Value>, forInvertedState state: ControlState
    ) {
        setValue(value, for: itself(as: Control.self), keyPath, for: .inverted(state))
    }

    /// The value the engine would apply to `keyPath` of `target` in `state`: the winning
    /// bound value, or the captured default when none matches; `nil` when nothing was ever
    /// bound there.
    ///
    /// ```swift
    /// control.value(for: item, \.fill, in: [.filled, .invalid])
    /// ```
    public func value<Root: AnyObject, Value>(
        for target: Root, _ keyPath: KeyPath<Root, Value>, in state: ControlState
    ) -> Value? {
        // Unwrapped first: a missing binding cast to an optional `Value` would be `.some(nil)`.
        guard let value = binding(for: target, keyPath)?.value(in: state) else {
            return nil
        }
        return value as? Value
    }

    /// The value the engine would apply to `keyPath` of the control itself in `state`.
    public func value<Control: StatefulControl, Value>(for keyPath: KeyPath<Control, Value>, in state: ControlState) -> Value? {
        value(for: itself(as: Control.self), keyPath, in: state)
    }

    /// Removes the values of `keyPath` of `target` whose descriptor matches `state`; the
    /// default stays. Nothing is re-applied until the state changes.
    public func removeValues<Root: AnyObject, Value>(
        for target: Root, _ keyPath: KeyPath<Root, Value>, forState state: ControlState
    ) {
        binding(for: target, keyPath)?.removeEntries { $0.matches(state) }
    }

    /// Removes every value of `keyPath` of `target`; the captured default stays, and nothing is
    /// re-applied until the state changes.
    public func removeValues<Root: AnyObject, Value>(for target: Root, _ keyPath: KeyPath<Root, Value>) {
        binding(for: target, keyPath)?.removeEntries { _ in true }
    }

    /// Forgets every key path bound on `target` (the control itself when `nil`), defaults
    /// included; the target keeps what it shows.
    public func removeValues(for target: AnyObject? = nil) {
        let target = target ?? self
        let bindings = self.bindings
        for binding in bindings where binding.isBound(to: target, control: self) {
            remove(binding)
        }
    }

    // MARK: - Storage

    private func itself<Control: StatefulControl>(as type: Control.Type) -> Control {
        guard let control = self as? Control else {
            preconditionFailure("\(Swift.type(of: self)) is not a \(Control.self)")
        }
        return control
    }

    @usableFromInline
    func takeSequence() -> Int {
        defer { nextSequence += 1 }
        return nextSequence
    }

    /// The binding of `keyPath` on `target`, if it is bound there and the target is alive.
    func binding(for target: AnyObject, _ keyPath: AnyKeyPath) -> ObjectBinding? {
        let key = BindingKey(target: ObjectIdentifier(target), keyPath: keyPath)
        guard let binding = bindingsByKey[key] else { return nil }
        guard binding.isBound(to: target, control: self) else {
            // Left by a released target whose address `target` now has.
            remove(binding)
            return nil
        }
        return binding
    }

    private func keyPathBinding<Root: AnyObject, Value>(
        for target: Root,
        _ keyPath: ReferenceWritableKeyPath<Root, Value>
    ) -> KeyPathBinding<Root, Value> {
        if let existing = binding(for: target, keyPath) {
            // The same key path on the same object has the same root and value types.
            if let binding = existing as? KeyPathBinding<Root, Value> {
                return binding
            }
            remove(existing)
        }
        dropBindingsOfReleasedTargets()
        let binding = KeyPathBinding(target: target, keyPath: keyPath, control: self)
        bindings.append(binding)
        bindingsByKey[BindingKey(target: binding.targetID, keyPath: keyPath)] = binding
        return binding
    }

    private func remove(_ binding: ObjectBinding) {
        binding.isRemoved = true
        // Found in a copy: an access to `bindings` that spans no call lets the optimizer drop
        // its dynamic exclusivity checks on the way of a state change.
        let current = bindings
        if let index = current.firstIndex(where: { $0 === binding }) {
            bindings.remove(at: index)
        }
        let key = BindingKey(target: binding.targetID, keyPath: binding.keyPath)
        if bindingsByKey[key] === binding {
            bindingsByKey[key] = nil
        }
    }

    /// Forgets the values bound on targets that were released.
    func dropBindingsOfReleasedTargets() {
        let bindings = self.bindings
        for binding in bindings where !binding.isTargetAlive {
            remove(binding)
        }
    }

    /// The number of objects values are bound on, released ones whose values were not
    /// dropped yet included.
    var boundTargetCount: Int {
        let bindings = self.bindings
        return Set(bindings.map(\.targetID)).count
    }
}
