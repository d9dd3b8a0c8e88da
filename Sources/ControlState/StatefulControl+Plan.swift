// Keeping the plan in step with the bindings, and applying it on a state change.
extension StatefulControl {
    /// Rebuilds the plan from `targets`, keeping what each binding shows.
    func rebuildPlan() {
        let previous = plan
        let plan = ApplyPlan(targets: targets) { previous.appliedSequence(at: $0.slot) }
        var slot = 0
        for target in targets {
            for binding in target.bindings {
                binding.slot = slot
                slot += 1
            }
        }
        // A state change reads the plan's memory through `hot` without holding the plan: if
        // one is under way (a setter bound or removed values), the old plan must outlive it.
        if applyingDepth > 0 {
            retiredPlans.append(previous)
        }
        self.plan = plan
        hot = plan.hot
        planGeneration &+= 1
    }

    /// Shows the winner of `binding` in the applied state, now.
    func resolve(_ binding: ValueBinding, on target: AnyObject) {
        let index = binding.winner(in: appliedState)
        let sequence = binding.sequence(of: index)
        guard sequence != plan.appliedSequence(at: binding.slot) else { return }
        plan.setAppliedSequence(sequence, at: binding.slot)
        binding.apply(index, to: target)
    }

    /// Shows the winner of every binding in `state`.
    @inline(__always)
    func applyBindings(in state: ControlState) {
        guard hot.bindingCount > 0 else { return }
        applyingDepth &+= 1
        // A value's setter may set or remove values and so rebuild the plan under our feet:
        // then start over, skipping what is already shown. A bound on the restarts keeps a
        // setter that rebinds on every write from looping forever.
        var attempts = 0
        while !applyHot(in: state), attempts < 16 {
            attempts += 1
        }
        applyingDepth &-= 1
        if applyingDepth == 0, !retiredPlans.isEmpty {
            retiredPlans.removeAll()
        }
    }

    /// - Returns: `false` when the plan changed on the way.
    private func applyHot(in state: ControlState) -> Bool {
        let hot = self.hot
        let generation = planGeneration
        let count = hot.bindingCount
        guard count > 0 else { return true }
        let slot = hot.slot(for: state)
        let row = hot.cachedStates.unsafelyUnwrapped[slot] != 0
            ? slot &* hot.rowStride
            : plan.remember(state, at: slot)
        let writes = hot.writes.unsafelyUnwrapped
        let strings = hot.strings.unsafelyUnwrapped
        let rowWrites = hot.cachedWrites.unsafelyUnwrapped + row
        let applied = hot.applied.unsafelyUnwrapped
        let bindingTargets = hot.bindingTargets.unsafelyUnwrapped
        var shownTargetIndex: Int32 = -1
        // The target being written, passed on unretained: the control itself is alive for the
        // call, and another target is held (+1 from its weak reference) by `heldTarget`.
        var shown: UnsafeMutableRawPointer?
        var heldTarget: AnyObject?
        var lostTarget = false
        defer { withExtendedLifetime(heldTarget) {} }
        var group = 0
        while group < count {
            var changed = hot.changedBindings(at: row, group: group)
            while changed != 0 {
                let binding = group &+ changed.trailingZeroBitCount
                changed &= changed &- 1
                let targetIndex = bindingTargets[binding]
                if targetIndex != shownTargetIndex {
                    shownTargetIndex = targetIndex
                    if hot.targetIsControl.unsafelyUnwrapped[Int(targetIndex)] {
                        shown = StoredProperty.address(0, in: self)
                    } else {
                        heldTarget = plan.targets[Int(targetIndex)].target
                        shown = heldTarget.map { StoredProperty.address(0, in: $0) }
                    }
                }
                guard let target = shown else {
                    lostTarget = true
                    continue
                }
                let write = rowWrites[binding]
                applied[binding] = write
                if writes[Int(write)].isByteWrite {
                    writes[Int(write)].perform(on: target, strings: strings)
                    continue
                }
                plan.appliers[Int(write)].apply(Unmanaged.fromOpaque(target))
                // The setter ran code of its own: if it bound or removed values, start over;
                // if it changed the state, the newer state is already shown.
                if planGeneration != generation {
                    return false
                }
                if appliedState != state {
                    return true
                }
            }
            group &+= 4
        }
        if lostTarget {
            dropBindingsOfReleasedTargets()
        }
        return true
    }

    func dropBindingsOfReleasedTargets() {
        let count = targets.count
        targets.removeAll { target in
            guard !target.isTargetAlive else { return false }
            if targetsByID[target.id] === target {
                targetsByID[target.id] = nil
            }
            return true
        }
        if targets.count != count {
            rebuildPlan()
        }
    }
}
