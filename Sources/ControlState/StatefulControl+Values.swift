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
        _ value: Value,
        for target: Root,
        _ keyPath: ReferenceWritableKeyPath<Root, Value>,
        for descriptor: StateDescriptor
    ) {
        let bindings = targetBindings(for: target) ?? makeTargetBindings(for: target)
        let binding = bindings.binding(for: keyPath) ?? makeBinding(for: target, keyPath, in: bindings)
        let sequence = nextSequence
        nextSequence += 1
        binding.insert(ValueBinding.Entry(
            descriptor: descriptor,
            sequence: sequence,
            value: value,
            apply: ValueBinding.applier(writing: value, to: keyPath, at: binding.storageOffset),
            bytes: ByteWrite.of(value, at: binding.storageOffset)
        ))
        rebuildPlan()
        resolve(binding, on: target)
    }

    /// Binds `value` for exactly the state `state` (an `.exact` descriptor).
    ///
    /// ```swift
    /// control.setValue("Locked", for: label, \.text, for: .disabled)
    /// ```
    public func setValue<Root: AnyObject, Value>(
        _ value: Value,
        for target: Root,
        _ keyPath: ReferenceWritableKeyPath<Root, Value>,
        for state: ControlState
    ) {
        setValue(value, for: target, keyPath, for: .exact(state))
    }

    /// Binds `value` for every state that contains `state` (an `.intersected` descriptor).
    public func setValue<Root: AnyObject, Value>(
        _ value: Value,
        for target: Root,
        _ keyPath: ReferenceWritableKeyPath<Root, Value>,
        forAllStatesContained state: ControlState
    ) {
        setValue(value, for: target, keyPath, for: .intersected(state))
    }

    /// Binds `value` for every state that does not contain all of `state` (an `.inverted`
    /// descriptor).
    public func setValue<Root: AnyObject, Value>(
        _ value: Value,
        for target: Root,
        _ keyPath: ReferenceWritableKeyPath<Root, Value>,
        forInvertedState state: ControlState
    ) {
        setValue(value, for: target, keyPath, for: .inverted(state))
    }

    /// Binds `value` to a key path of the control itself for the states `descriptor` matches.
    ///
    /// ```swift
    /// pin.setValue(Color.red, for: \PinCodeControl.fillColor, for: .intersected(.invalid))
    /// ```
    public func setValue<Control: StatefulControl, Value>(
        _ value: Value,
        for keyPath: ReferenceWritableKeyPath<Control, Value>,
        for descriptor: StateDescriptor
    ) {
        setValue(value, for: itself(as: Control.self), keyPath, for: descriptor)
    }

    /// Binds `value` to a key path of the control itself for exactly the state `state`.
    public func setValue<Control: StatefulControl, Value>(
        _ value: Value,
        for keyPath: ReferenceWritableKeyPath<Control, Value>,
        for state: ControlState
    ) {
        setValue(value, for: itself(as: Control.self), keyPath, for: .exact(state))
    }

    /// Binds `value` to a key path of the control itself for every state that contains `state`.
    ///
    /// ```swift
    /// control.setValue(Color.black, for: \Button.background, forAllStatesContained: .highlighted)
    /// ```
    public func setValue<Control: StatefulControl, Value>(
        _ value: Value,
        for keyPath: ReferenceWritableKeyPath<Control, Value>,
        forAllStatesContained state: ControlState
    ) {
        setValue(value, for: itself(as: Control.self), keyPath, for: .intersected(state))
    }

    /// Binds `value` to a key path of the control itself for every state that does not contain
    /// all of `state`.
    public func setValue<Control: StatefulControl, Value>(
        _ value: Value,
        for keyPath: ReferenceWritableKeyPath<Control, Value>,
        forInvertedState state: ControlState
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
        for target: Root,
        _ keyPath: KeyPath<Root, Value>,
        in state: ControlState
    ) -> Value? {
        // Unwrapped first: a missing binding cast to an optional `Value` would be `.some(nil)`.
        guard let value = targetBindings(for: target)?.binding(for: keyPath)?.value(in: state) else {
            return nil
        }
        return value as? Value
    }

    /// The value the engine would apply to `keyPath` of the control itself in `state`.
    public func value<Control: StatefulControl, Value>(
        for keyPath: KeyPath<Control, Value>,
        in state: ControlState
    ) -> Value? {
        value(for: itself(as: Control.self), keyPath, in: state)
    }

    /// Removes the values of `keyPath` of `target` whose descriptor matches `state`; the
    /// default stays. Nothing is re-applied until the state changes.
    public func removeValues<Root: AnyObject, Value>(
        for target: Root,
        _ keyPath: KeyPath<Root, Value>,
        forState state: ControlState
    ) {
        removeEntries(of: target, keyPath) { $0.descriptor.matches(state) }
    }

    /// Removes every value of `keyPath` of `target`; the captured default stays, and nothing is
    /// re-applied until the state changes.
    public func removeValues<Root: AnyObject, Value>(
        for target: Root,
        _ keyPath: KeyPath<Root, Value>
    ) {
        removeEntries(of: target, keyPath) { _ in true }
    }

    /// Forgets every key path bound on `target` (the control itself when `nil`), defaults
    /// included; the target keeps what it shows.
    public func removeValues(for target: AnyObject? = nil) {
        let target = target ?? self
        guard let bindings = targetBindings(for: target) else { return }
        targetsByID[bindings.id] = nil
        targets.removeAll { $0 === bindings }
        rebuildPlan()
    }

    // MARK: - Storage

    private func itself<Control: StatefulControl>(as type: Control.Type) -> Control {
        guard let control = self as? Control else {
            preconditionFailure("\(Swift.type(of: self)) is not a \(Control.self)")
        }
        return control
    }

    private func removeEntries(
        of target: AnyObject,
        _ keyPath: AnyKeyPath,
        where shouldRemove: (ValueBinding.Entry) -> Bool
    ) {
        guard let binding = targetBindings(for: target)?.binding(for: keyPath) else { return }
        let removed = binding.removeEntries(where: shouldRemove)
        guard !removed.isEmpty else { return }
        // The target keeps what it shows; if that value went, the next state change must
        // write whatever wins then, even the default.
        if removed.contains(plan.appliedSequence(at: binding.slot)) {
            plan.setAppliedSequence(ValueBinding.unknownSequence, at: binding.slot)
        }
        rebuildPlan()
    }

    func targetBindings(for target: AnyObject) -> TargetBindings? {
        guard let bindings = targetsByID[ObjectIdentifier(target)],
              bindings.isBound(to: target, control: self)
        else { return nil }
        return bindings
    }

    private func makeTargetBindings(for target: AnyObject) -> TargetBindings {
        // Bindings left by a released target whose address `target` now reuses.
        dropBindingsOfReleasedTargets()
        let bindings = TargetBindings(target: target, isControl: target === self)
        targetsByID[bindings.id] = bindings
        targets.append(bindings)
        return bindings
    }

    private func makeBinding<Root: AnyObject, Value>(
        for target: Root,
        _ keyPath: ReferenceWritableKeyPath<Root, Value>,
        in bindings: TargetBindings
    ) -> ValueBinding {
        let defaultValue = target[keyPath: keyPath]
        let offset = StoredProperty.offset(of: keyPath, in: target)
        let binding = ValueBinding(
            defaultValue: defaultValue,
            storageOffset: offset,
            applyDefault: ValueBinding.applier(writing: defaultValue, to: keyPath, at: offset),
            defaultBytes: ByteWrite.of(defaultValue, at: offset)
        )
        bindings.add(binding, for: keyPath)
        return binding
    }
}
