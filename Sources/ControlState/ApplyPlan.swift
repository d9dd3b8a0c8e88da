/// Everything a state change needs, laid out when values are set or removed: every binding's
/// matchers in one plain array, the appliers beside them, and a cache of the winners of the
/// states already seen. A state change reads it without allocating and touches an object only
/// to write a value that changed.
final class ApplyPlan {
    /// An applier in a struct: an array of bare closures stores them at the most general
    /// abstraction and calls each through a thunk.
    struct Applier {
        let apply: ValueBinding.Applier
    }

    /// Where one binding's matchers are, and whose binding it is.
    struct Binding {
        let matcherStart: Int
        let matcherEnd: Int
        let target: Int
    }

    let bindings: [Binding]
    /// Whether each binding's target is the control itself, which needs no weak load.
    let targetIsControl: [Bool]
    let matchers: [ValueBinding.Matcher]
    /// The applier of each matcher's entry.
    let appliers: [Applier]
    /// The byte write of each matcher's entry, tried before its applier.
    let byteWrites: [ByteWrite]
    /// The byte write of each binding's default.
    let defaultByteWrites: [ByteWrite]
    /// The applier of each binding's default.
    let defaultAppliers: [Applier]
    let targets: [TargetBindings]
    /// The predicates of custom descriptors, by `Matcher.customIndex`.
    let predicates: [StateDescriptor.Predicate]

    // The winners of the states seen since the plan was built, in an open-addressing table
    // keyed by a hash of the state: `cachedStates[slot]` is the state with bit 32 set (0 when
    // empty), and its row of `cachedWinners` holds one matcher index per binding (-1 for the
    // default). When half full it is emptied, so a lookup always ends at an empty slot.
    private let slotShift: UInt32
    private let slotMask: Int
    @exclusivity(unchecked) private var usedSlots = 0
    @exclusivity(unchecked) private var cachedStates: [UInt64]
    @exclusivity(unchecked) private var cachedWinners: [Int32]
    /// The sequence of each cached winner (`ValueBinding.defaultSequence` for the default).
    @exclusivity(unchecked) private var cachedSequences: [Int]

    /// The sequence of the entry each binding shows, by slot. Plain memory owned by the plan:
    /// a state change writes it without a uniqueness check, and the plan is held while it does.
    let applied: UnsafeMutableBufferPointer<Int>

    /// Lays out `targets`; `shown(binding)` tells what a binding shows now (by its old slot).
    init(targets: [TargetBindings], shown: (ValueBinding) -> Int) {
        var bindings: [Binding] = []
        var matchers: [ValueBinding.Matcher] = []
        var appliers: [Applier] = []
        var byteWrites: [ByteWrite] = []
        var defaultByteWrites: [ByteWrite] = []
        var defaultAppliers: [Applier] = []
        var predicates: [StateDescriptor.Predicate] = []
        for (targetIndex, target) in targets.enumerated() {
            for binding in target.bindings {
                let start = matchers.count
                for (matcher, entry) in zip(binding.matchers, binding.entries) {
                    var matcher = matcher
                    if let predicate = entry.descriptor.predicate {
                        matcher.customIndex = Int32(predicates.count)
                        predicates.append(predicate)
                    }
                    matchers.append(matcher)
                    appliers.append(Applier(apply: entry.apply))
                    byteWrites.append(entry.bytes)
                }
                bindings.append(Binding(matcherStart: start, matcherEnd: matchers.count, target: targetIndex))
                defaultAppliers.append(Applier(apply: binding.applyDefault))
                defaultByteWrites.append(binding.defaultBytes)
            }
        }
        self.bindings = bindings
        self.targetIsControl = bindings.map { targets[$0.target].targetIsControl }
        applied = .allocate(capacity: bindings.count)
        var slot = 0
        for target in targets {
            for binding in target.bindings {
                applied.initializeElement(at: slot, to: shown(binding))
                slot += 1
            }
        }
        self.matchers = matchers
        self.appliers = appliers
        self.byteWrites = byteWrites
        self.defaultByteWrites = defaultByteWrites
        self.defaultAppliers = defaultAppliers
        self.targets = targets
        self.predicates = predicates

        // About 32 KB of winners at most, and between 8 and 256 states remembered.
        var slotBits: UInt32 = 9
        while slotBits > 4, (1 << slotBits) * max(bindings.count, 1) * 4 > 32_768 {
            slotBits -= 1
        }
        slotShift = 32 - slotBits
        slotMask = (1 << slotBits) - 1
        cachedStates = Array(repeating: 0, count: 1 << slotBits)
        cachedWinners = Array(repeating: -1, count: (1 << slotBits) * bindings.count)
        cachedSequences = Array(repeating: ValueBinding.defaultSequence, count: (1 << slotBits) * bindings.count)
    }

    deinit {
        applied.deallocate()
    }

    /// What the binding at `slot` shows, or the default when there is no such slot.
    func appliedSequence(at slot: Int) -> Int {
        applied.indices.contains(slot) ? applied[slot] : ValueBinding.defaultSequence
    }

    /// The index in `cachedWinners` of the winners in `state`, found now if not remembered.
    @inline(__always)
    func winnersRow(for state: ControlState) -> Int {
        let key = UInt64(state.rawValue) | 1 << 32
        let mixed = state.rawValue ^ (state.rawValue >> 15)
        var slot = Int((mixed &* 0x9E37_79B1) >> slotShift)
        while true {
            let cached = cachedStates[slot]
            if cached == key {
                return slot * bindings.count
            }
            if cached == 0 {
                return remember(state, key: key, at: slot)
            }
            slot = (slot + 1) & slotMask
        }
    }

    private func remember(_ state: ControlState, key: UInt64, at slot: Int) -> Int {
        if usedSlots * 2 >= cachedStates.count {
            usedSlots = 0
            for index in cachedStates.indices {
                cachedStates[index] = 0
            }
            return winnersRow(for: state)
        }
        usedSlots += 1
        let row = slot * bindings.count
        for index in bindings.indices {
            let winner = winner(of: bindings[index], in: state)
            cachedWinners[row + index] = Int32(winner)
            cachedSequences[row + index] = winner < 0 ? ValueBinding.defaultSequence : matchers[winner].sequence
        }
        cachedStates[slot] = key
        return row
    }

    /// Whether the winners in the row at `row` differ from what the bindings show, as a
    /// bitmask of the bindings `start..<end` (at most 64), found without a branch per binding.
    @inline(__always)
    func changedBindings(at row: Int, from start: Int, to end: Int) -> UInt64 {
        cachedSequences.withUnsafeBufferPointer { cached in
            let winning = cached.baseAddress.unsafelyUnwrapped + row
            let shown = applied.baseAddress.unsafelyUnwrapped
            // From the last binding down, shifting as it goes: a handful of scalar steps, which
            // the compiler does not turn into vector code that costs more than it saves here.
            var changed: UInt64 = 0
            var index = end
            while index > start {
                index &-= 1
                let differs: UInt64 = winning[index] != shown[index] ? 1 : 0
                changed = changed &<< 1 | differs
            }
            return changed
        }
    }

    /// The sequence of the entry that wins for `binding` in the row of winners at `row`.
    @inline(__always)
    func sequence(at row: Int, binding index: Int) -> Int {
        cachedSequences[row + index]
    }

    /// The matcher index that wins for `binding` in the row of winners at `row`, or -1.
    @inline(__always)
    func winner(at row: Int, binding index: Int) -> Int {
        Int(cachedWinners[row + index])
    }

    private func winner(of binding: Binding, in state: ControlState) -> Int {
        let bits = state.rawValue
        for index in binding.matcherStart..<binding.matcherEnd {
            let matcher = matchers[index]
            let matches = matcher.customIndex >= 0
                ? predicates[Int(matcher.customIndex)].body(state)
                : ((bits & matcher.andMask) == matcher.comparand) != matcher.negates
            if matches {
                return index
            }
        }
        return -1
    }
}
