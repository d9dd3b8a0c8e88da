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

    /// What a state change reads, in plain memory owned by the plan: copying it into the
    /// control copies pointers and counts, and reading it retains and releases nothing. Valid
    /// while the plan lives (the control keeps a plan it replaced mid-change until the change
    /// ends).
    struct Hot {
        /// The number of bindings.
        var bindingCount = 0
        /// The length of a row of winners: `bindingCount` rounded up to a multiple of four,
        /// so that rows stay aligned.
        var rowStride = 0
        /// The writes: one per matcher's entry, then one per binding's default
        /// (`defaultWrites + binding`).
        var writes: UnsafeMutablePointer<ByteWrite>?
        var defaultWrites = 0
        /// The target of each binding, as an index into `targets`.
        var bindingTargets: UnsafeMutablePointer<Int32>?
        /// Where each target is, or `nil` for the control itself.
        var targetAddresses: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        /// The runtime's test of a target's release (`nil` where there is none: then the
        /// targets' weak references tell).
        var isDeallocating: TargetBindings.IsDeallocating? = TargetBindings.isDeallocatingFunction
        /// Whether a target's reference counts can be read in place before asking the runtime
        /// (see `TargetBindings.isDeallocating(_:readingCounts:else:)`).
        var readsReferenceCounts = TargetBindings.canReadReferenceCounts
        /// The strings of `String` writes, owned by the plan.
        var strings: UnsafeMutablePointer<String>?
        /// The write each binding shows (`ApplyPlan.unknownWrite` when not known), by binding,
        /// padded to `rowStride` with `ApplyPlan.paddingWrite`.
        var applied: UnsafeMutablePointer<Int32>?
        // The winners of the states seen since the plan was built, in an open-addressing table
        // keyed by a hash of the state: `cachedStates[slot]` is the state with bit 32 set (0 when
        // empty), and its row of `cachedWrites` holds the winning write of each binding. When
        // half full it is emptied, so a lookup always ends at an empty slot.
        var slotShift: UInt32 = 32
        var slotMask = 0
        var cachedStates: UnsafeMutablePointer<UInt64>?
        var cachedWrites: UnsafeMutablePointer<Int32>?
        /// The winners by dense index (see `StatefulControl.statesByIndex`), a row of
        /// `rowStride` each, whose first entry is `ApplyPlan.notCached` until found; `nil` when
        /// the index is too wide, and then the states are looked up in `cachedStates`.
        var denseWrites: UnsafeMutablePointer<Int32>?

        /// The slot of `state` in the cache, or of the empty slot where it belongs: the
        /// caller tells them apart by `cachedStates[slot]`.
        @inline(__always)
        func slot(for state: ControlState) -> Int {
            let key = UInt64(state.rawValue) | 1 << 32
            let mixed = state.rawValue ^ (state.rawValue >> 15)
            var slot = Int((mixed &* 0x9E37_79B1) >> slotShift)
            let states = cachedStates.unsafelyUnwrapped
            while true {
                let cached = states[slot]
                if cached == key || cached == 0 {
                    return slot
                }
                slot = (slot &+ 1) & slotMask
            }
        }
    }

    /// The write of a binding whose shown value is not known: it matches no winner.
    static let unknownWrite: Int32 = -1
    /// The write in the padding of rows and of `applied`, the same in both.
    static let paddingWrite: Int32 = -2
    /// The first entry of a row of `Hot.denseWrites` whose winners are not known yet.
    static let notCached = Int32.min
    /// The widest dense index: a row of winners for each of its values.
    static let maxDenseBits = 10
    /// The most memory the dense rows may take, in bytes.
    private static let maxDenseBytes = 65_536

    let bindings: [Binding]
    let matchers: [ValueBinding.Matcher]
    /// The applier of each write (as `Hot.writes` is indexed): matchers, then defaults.
    let appliers: [Applier]
    let targets: [TargetBindings]
    /// The predicates of custom descriptors, by `Matcher.customIndex`.
    let predicates: [StateDescriptor.Predicate]
    private(set) var hot = Hot()
    private var usedSlots = 0
    private let slotCount: Int
    private let writeCount: Int
    private let stringCount: Int

    /// Lays out `targets` for a control whose dense index has `denseIndexBits` bits (`nil`
    /// when it has none); `shown(binding)` tells what a binding shows now (by its old slot).
    init(targets: [TargetBindings], denseIndexBits: Int?, shown: (ValueBinding) -> Int) {
        var bindings: [Binding] = []
        var matchers: [ValueBinding.Matcher] = []
        var appliers: [Applier] = []
        var writes: [ByteWrite] = []
        var defaultAppliers: [Applier] = []
        var defaultWrites: [ByteWrite] = []
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
                    writes.append(entry.bytes)
                }
                bindings.append(Binding(matcherStart: start, matcherEnd: matchers.count, target: targetIndex))
                defaultAppliers.append(Applier(apply: binding.applyDefault))
                defaultWrites.append(binding.defaultBytes)
            }
        }
        self.bindings = bindings
        self.matchers = matchers
        self.appliers = appliers + defaultAppliers
        self.targets = targets
        self.predicates = predicates

        var hot = Hot()
        let count = bindings.count
        let stride = (count + 3) & ~3
        hot.bindingCount = count
        hot.rowStride = stride
        hot.defaultWrites = matchers.count
        writeCount = writes.count + defaultWrites.count
        var strings: [String] = []
        let allWrites = (writes + defaultWrites).map { write in
            var write = write
            if write.size == ByteWrite.string {
                write.low = UInt64(strings.count)
                strings.append(write.string ?? "")
            }
            return write
        }
        stringCount = strings.count
        hot.strings = .allocate(capacity: max(strings.count, 1))
        hot.strings.unsafelyUnwrapped.initialize(from: strings, count: strings.count)
        hot.writes = .allocate(capacity: max(writeCount, 1))
        hot.writes.unsafelyUnwrapped.initialize(from: allWrites, count: writeCount)
        hot.targetAddresses = .allocate(capacity: max(targets.count, 1))
        hot.targetAddresses.unsafelyUnwrapped.initialize(from: targets.map(\.address), count: targets.count)
        hot.bindingTargets = .allocate(capacity: max(count, 1))
        writeSequences = matchers.map(\.sequence) + Array(repeating: ValueBinding.defaultSequence, count: count)
        hot.applied = .allocate(capacity: max(stride, 1))
        hot.applied.unsafelyUnwrapped.initialize(repeating: Self.paddingWrite, count: max(stride, 1))
        for (index, binding) in bindings.enumerated() {
            hot.bindingTargets.unsafelyUnwrapped[index] = Int32(binding.target)
        }

        // About 32 KB of winners at most, and between 8 and 256 states remembered.
        var slotBits: UInt32 = 9
        while slotBits > 4, (1 << slotBits) * max(stride, 1) * 4 > 32_768 {
            slotBits -= 1
        }
        slotCount = 1 << slotBits
        hot.slotShift = 32 - slotBits
        hot.slotMask = slotCount - 1
        hot.cachedStates = .allocate(capacity: slotCount)
        hot.cachedStates.unsafelyUnwrapped.initialize(repeating: 0, count: slotCount)
        hot.cachedWrites = .allocate(capacity: max(slotCount * stride, 1))
        hot.cachedWrites.unsafelyUnwrapped.initialize(repeating: Self.paddingWrite, count: max(slotCount * stride, 1))
        var denseCount = 0
        if let bits = denseIndexBits, count > 0, bits <= Self.maxDenseBits,
           (1 << bits) * stride * MemoryLayout<Int32>.size <= Self.maxDenseBytes {
            denseCount = (1 << bits) * stride
            let dense = UnsafeMutablePointer<Int32>.allocate(capacity: denseCount)
            dense.initialize(repeating: Self.paddingWrite, count: denseCount)
            for row in Swift.stride(from: 0, to: denseCount, by: stride) {
                dense[row] = Self.notCached
            }
            hot.denseWrites = dense
        }
        self.hot = hot

        var slot = 0
        for target in targets {
            for binding in target.bindings {
                setAppliedSequence(shown(binding), at: slot)
                slot += 1
            }
        }
    }

    deinit {
        hot.writes?.deallocate()
        hot.strings?.deinitialize(count: stringCount).deallocate()
        hot.targetAddresses?.deallocate()
        hot.bindingTargets?.deallocate()
        hot.applied?.deallocate()
        hot.cachedStates?.deallocate()
        hot.cachedWrites?.deallocate()
        hot.denseWrites?.deallocate()
    }

    /// The sequence of each write (`ValueBinding.defaultSequence` for a default).
    private let writeSequences: [Int]

    /// What the binding at `slot` shows, or the default when there is no such slot.
    func appliedSequence(at slot: Int) -> Int {
        guard (0..<hot.bindingCount).contains(slot) else { return ValueBinding.defaultSequence }
        let write = hot.applied.unsafelyUnwrapped[slot]
        return write < 0 ? ValueBinding.unknownSequence : writeSequences[Int(write)]
    }

    /// Records that the binding at `slot` shows the entry of `sequence` (or the default, or
    /// something not known).
    func setAppliedSequence(_ sequence: Int, at slot: Int) {
        var write = Self.unknownWrite
        if sequence == ValueBinding.defaultSequence {
            write = Int32(hot.defaultWrites + slot)
        } else if let index = (bindings[slot].matcherStart..<bindings[slot].matcherEnd).first(where: {
            matchers[$0].sequence == sequence
        }) {
            write = Int32(index)
        }
        hot.applied.unsafelyUnwrapped[slot] = write
    }

    /// Finds the winners of `state` for the empty slot `slot` of the cache (emptying the cache
    /// first when half full), and returns the start of their row.
    func remember(_ state: ControlState, at slot: Int) -> Int {
        var slot = slot
        if usedSlots * 2 >= slotCount {
            usedSlots = 0
            hot.cachedStates.unsafelyUnwrapped.update(repeating: 0, count: slotCount)
            slot = hot.slot(for: state)
        }
        usedSlots += 1
        let row = slot * hot.rowStride
        for index in bindings.indices {
            let winner = winner(of: bindings[index], in: state)
            hot.cachedWrites.unsafelyUnwrapped[row + index] = Int32(winner < 0 ? hot.defaultWrites + index : winner)
        }
        hot.cachedStates.unsafelyUnwrapped[slot] = UInt64(state.rawValue) | 1 << 32
        return row
    }

    /// Finds the winners of `state` for a row of `Hot.denseWrites`.
    func remember(_ state: ControlState, inDenseRow row: UnsafeMutablePointer<Int32>) {
        for index in bindings.indices {
            let winner = winner(of: bindings[index], in: state)
            row[index] = Int32(winner < 0 ? hot.defaultWrites + index : winner)
        }
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
