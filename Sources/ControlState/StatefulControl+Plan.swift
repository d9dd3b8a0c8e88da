// Keeping the plan in step with the bindings, and applying it on a state change.
extension StatefulControl {
    /// Rebuilds the plan from `targets`, keeping what each binding shows.
    func rebuildPlan() {
        var applied: [Int] = []
        for target in targets {
            for binding in target.bindings {
                applied.append(appliedSequences.indices.contains(binding.slot)
                    ? appliedSequences[binding.slot] : ValueBinding.defaultSequence)
                binding.slot = applied.count - 1
            }
        }
        plan = ApplyPlan(targets: targets)
        appliedSequences = applied
    }

    /// Shows the winner of `binding` in the applied state, now.
    func resolve(_ binding: ValueBinding, on target: AnyObject) {
        let index = binding.winner(in: appliedState)
        let sequence = binding.sequence(of: index)
        guard sequence != appliedSequences[binding.slot] else { return }
        appliedSequences[binding.slot] = sequence
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
        // Holds the target being written (+1 from its weak reference) while its values are
        // passed on unretained.
        var shown: AnyObject?
        var lostTarget = false
        defer { withExtendedLifetime(shown) {} }
        for slot in 0..<count {
            let winner = plan.winner(at: row, binding: slot)
            let sequence = winner < 0 ? ValueBinding.defaultSequence : plan.matchers[winner].sequence
            if sequence == appliedSequences[slot] {
                continue
            }
            let targetIndex = plan.bindings[slot].target
            if targetIndex != shownTargetIndex {
                shownTargetIndex = targetIndex
                shown = plan.targets[targetIndex].shownTarget(control: self)
            }
            guard let target = shown.map(Unmanaged.passUnretained) else {
                lostTarget = true
                continue
            }
            appliedSequences[slot] = sequence
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
            if self.plan !== plan {
                return false
            }
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
