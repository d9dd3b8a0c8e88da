// Keeping the plan in step with the bindings, and applying it on a state change.
extension StatefulControl {
    /// Rebuilds the plan from `targets`, keeping what each binding shows.
    func rebuildPlan() {
        let previous = plan
        let plan = ApplyPlan(targets: targets, denseIndexBits: statesByIndex == nil ? nil : denseIndexBits) {
            previous.appliedSequence(at: $0.slot)
        }
        var slot = 0
        for target in targets {
            for binding in target.bindings {
                binding.slot = slot
                slot += 1
            }
        }
        // A state change reads the plan's memory through `hot` without holding the plan: if
        // a setter it called bound or removed values, the old plan must outlive the setter.
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

    /// Shows the winner of every binding in `state`, whose dense index is `index` (-1 when
    /// not known).
    @inline(__always)
    func applyBindings(in state: ControlState, index: Int) {
        guard hot.bindingCount > 0 else { return }
        if !applyHot(in: state, index: index) {
            applyAgain(in: state)
        }
    }

    /// A value's setter set or removed values and so rebuilt the plan under our feet: start
    /// over, skipping what is already shown. A bound on the restarts keeps a setter that
    /// rebinds on every write from looping forever.
    @inline(never)
    private func applyAgain(in state: ControlState) {
        var attempts = 1
        // By the state, not the index: the setter may also have registered a factor.
        while !applyHot(in: state, index: -1), attempts < 16 {
            attempts += 1
        }
    }

    /// Runs a closure applier, which runs code of the application's (a setter, an observer):
    /// a plan it replaces is kept until every applier under way has returned, since the state
    /// changes under way read the plan's memory without holding it.
    private func runApplier(_ write: Int32, target: Int32, address: UnsafeMutableRawPointer) {
        applyingDepth &+= 1
        // The setter may also let the target go: hold it.
        withExtendedLifetime(plan.targets[Int(target)].target) {
            plan.appliers[Int(write)].apply(Unmanaged.fromOpaque(address))
        }
        applyingDepth &-= 1
        if applyingDepth == 0, !retiredPlans.isEmpty {
            retiredPlans.removeAll()
        }
    }

    /// - Returns: `false` when the plan changed on the way.
    @inline(__always)
    private func applyHot(in state: ControlState, index: Int) -> Bool {
        // The plan's memory is read where used rather than copied up front: few of its
        // pointers are needed on a given change, and each copy would be kept on the stack.
        let generation = planGeneration
        let count = hot.bindingCount
        guard count > 0 else { return true }
        let rowWrites: UnsafeMutablePointer<Int32>
        if index >= 0, let dense = hot.denseWrites {
            rowWrites = dense + index &* hot.rowStride
            if rowWrites[0] == ApplyPlan.notCached {
                plan.remember(state, inDenseRow: rowWrites)
            }
        } else {
            let slot = hot.slot(for: state)
            let row = hot.cachedStates.unsafelyUnwrapped[slot] != 0
                ? slot &* hot.rowStride
                : plan.remember(state, at: slot)
            rowWrites = hot.cachedWrites.unsafelyUnwrapped + row
        }
        let applied = hot.applied.unsafelyUnwrapped
        var shownTargetIndex: Int32 = -1
        // Where the target being written is: the control, or another target checked once
        // (without loading it) not to be deallocating; written without holding it, since a
        // byte write runs no code of the application's.
        var shown: UnsafeMutableRawPointer?
        var lostTarget = false
        var binding = 0
        repeat {
            let write = rowWrites[binding]
            if write != applied[binding] {
                let targetIndex = hot.bindingTargets.unsafelyUnwrapped[binding]
                if targetIndex != shownTargetIndex {
                    shownTargetIndex = targetIndex
                    if let address = hot.targetAddresses.unsafelyUnwrapped[Int(targetIndex)] {
                        let isReleased = hot.isDeallocating.map {
                            TargetBindings.isDeallocating(address, readingCounts: hot.readsReferenceCounts, else: $0)
                        } ?? !plan.targets[Int(targetIndex)].isTargetAlive
                        shown = isReleased ? nil : address
                    } else {
                        shown = StoredProperty.address(0, in: self)
                    }
                }
                if let target = shown {
                    applied[binding] = write
                    let writes = hot.writes.unsafelyUnwrapped
                    if writes[Int(write)].isByteWrite {
                        writes[Int(write)].perform(on: target, strings: hot.strings.unsafelyUnwrapped)
                    } else {
                        runApplier(write, target: targetIndex, address: target)
                        // The setter ran code of its own: if it bound or removed values, start
                        // over; if it changed the state, the newer state is already shown.
                        if planGeneration != generation {
                            return false
                        }
                        if appliedState != state {
                            return true
                        }
                    }
                } else {
                    lostTarget = true
                }
            }
            binding &+= 1
        } while binding < count
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
