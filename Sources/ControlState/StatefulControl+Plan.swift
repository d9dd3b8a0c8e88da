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
        self.plan = plan
    }

    /// Shows the winner of `binding` in the applied state, now.
    func resolve(_ binding: ValueBinding, on target: AnyObject) {
        let index = binding.winner(in: appliedState)
        let sequence = binding.sequence(of: index)
        guard sequence != plan.applied[binding.slot] else { return }
        plan.applied[binding.slot] = sequence
        binding.apply(index, to: target)
    }

    /// Shows the winner of every binding in `state`.
    func applyBindings(in state: ControlState) {
        // A value's setter may set or remove values and so rebuild the plan under our feet:
        // then start over, skipping what is already shown. A bound on the restarts keeps a
        // setter that rebinds on every write from looping forever.
        var attempts = 0
        while !apply(plan, in: state), attempts < 16 {
            attempts += 1
        }
    }

    /// - Returns: `false` when the plan changed on the way.
    private func apply(_ plan: ApplyPlan, in state: ControlState) -> Bool {
        let count = plan.bindings.count
        guard count > 0 else { return true }
        let row = plan.winnersRow(for: state)
        var shownTargetIndex = -1
        // The target being written, passed on unretained: the control itself is alive for the
        // call, and another target is held (+1 from its weak reference) by `heldTarget`.
        var shown: Unmanaged<AnyObject>?
        var heldTarget: AnyObject?
        var lostTarget = false
        defer { withExtendedLifetime(heldTarget) {} }
        var chunkStart = 0
        while chunkStart < count {
            // First, without a branch, which bindings of this chunk show something else than
            // their winner: which ones change is as random as the state.
            let chunkEnd = min(chunkStart + 64, count)
            var changed = plan.changedBindings(at: row, from: chunkStart, to: chunkEnd)
            while changed != 0 {
                let slot = chunkStart + changed.trailingZeroBitCount
                changed &= changed - 1
                let targetIndex = plan.bindings[slot].target
                if targetIndex != shownTargetIndex {
                    shownTargetIndex = targetIndex
                    if plan.targetIsControl[slot] {
                        shown = Unmanaged.passUnretained(self)
                    } else {
                        heldTarget = plan.targets[targetIndex].target
                        shown = heldTarget.map(Unmanaged.passUnretained)
                    }
                }
                guard let target = shown else {
                    lostTarget = true
                    continue
                }
                let winner = plan.winner(at: row, binding: slot)
                plan.applied[slot] = plan.sequence(at: row, binding: slot)
                let bytes = winner < 0 ? plan.defaultByteWrites[slot] : plan.byteWrites[winner]
                if bytes.isByteWrite {
                    bytes.perform(on: target)
                    continue
                }
                if winner < 0 {
                    plan.defaultAppliers[slot].apply(target)
                } else {
                    plan.appliers[winner].apply(target)
                }
                // The setter ran code of its own: if it bound or removed values, start over;
                // if it changed the state, the newer state is already shown.
                if self.plan !== plan {
                    return false
                }
                if appliedState != state {
                    return true
                }
            }
            chunkStart = chunkEnd
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
