// The plan: every binding's matchers in one plain array, rebuilt whenever values are set or
// removed, so that a state change scans without touching an object (no retain, no release)
// and touches a binding only to write a value that changed.
extension StatefulControl {
    /// Where one binding's matchers are in the plan, and where the binding is.
    struct PlannedBinding {
        let matcherStart: Int
        let matcherEnd: Int
        let target: Int
        let binding: Int
    }

    /// Rebuilds the plan from `targets`, keeping what each binding shows.
    func rebuildPlan() {
        var plan: [PlannedBinding] = []
        var matchers: [ValueBinding.Matcher] = []
        var applied: [Int] = []
        for (targetIndex, target) in targets.enumerated() {
            for (bindingIndex, binding) in target.bindings.enumerated() {
                let start = matchers.count
                matchers.append(contentsOf: binding.matchers)
                plan.append(PlannedBinding(
                    matcherStart: start, matcherEnd: matchers.count,
                    target: targetIndex, binding: bindingIndex
                ))
                applied.append(appliedSequences.indices.contains(binding.slot)
                    ? appliedSequences[binding.slot] : ValueBinding.defaultSequence)
                binding.slot = plan.count - 1
            }
        }
        self.plan = plan
        planMatchers = matchers
        appliedSequences = applied
        planGeneration &+= 1
    }

    /// Shows the winner of `binding` (planned at `binding.slot`) in the applied state, now.
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
        while !applyPlan(in: state), attempts < 16 {
            attempts += 1
        }
    }

    /// - Returns: `false` when the plan changed on the way.
    private func applyPlan(in state: ControlState) -> Bool {
        let generation = planGeneration
        let plan = self.plan
        let matchers = planMatchers
        let bits = state.rawValue
        var shownTargetIndex = -1
        var shown: AnyObject?
        var lostTarget = false
        for slot in plan.indices {
            let planned = plan[slot]
            var winner: Int?
            var sequence = ValueBinding.defaultSequence
            for index in planned.matcherStart..<planned.matcherEnd {
                let matcher = matchers[index]
                let matches = matcher.isCustom
                    ? targets[planned.target].bindings[planned.binding]
                        .entries[index - planned.matcherStart].descriptor.matches(state)
                    : ((bits & matcher.andMask) == matcher.comparand) != matcher.negates
                if matches {
                    winner = index - planned.matcherStart
                    sequence = matcher.sequence
                    break
                }
            }
            if sequence == appliedSequences[slot] {
                continue
            }
            if planned.target != shownTargetIndex {
                shownTargetIndex = planned.target
                shown = targets[planned.target].shownTarget(control: self)
            }
            guard let shown else {
                lostTarget = true
                continue
            }
            appliedSequences[slot] = sequence
            targets[planned.target].bindings[planned.binding].apply(winner, to: shown)
            if planGeneration != generation {
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
