/// Which of the values bound to one key path wins in a state, and which one the target shows.
///
/// The values live beside it, in an array whose first element is the default captured when the
/// key path was first bound and whose others follow the ranking: value `i` is at `i + 1`. The
/// ranking is not generic, so a state change runs it at full speed whatever the value type.
@usableFromInline
struct Ranking {
    /// How a descriptor matches, in plain bits, so that finding the winner of a state copies no
    /// reference and calls no predicate but the custom ones.
    @usableFromInline
    struct Matcher {
        @usableFromInline let andMask: UInt32
        @usableFromInline let comparand: UInt32
        @usableFromInline let negates: Bool
        @usableFromInline let isCustom: Bool

        init(_ descriptor: StateDescriptor) {
            andMask = descriptor.andMask
            comparand = descriptor.comparand
            negates = descriptor.negates
            isCustom = descriptor.predicate != nil
        }
    }

    /// The sequence of the default, and the one shown when what the target shows is not known.
    @usableFromInline static var defaultSequence: Int { -1 }
    @usableFromInline static var unknownSequence: Int { .min }

    @usableFromInline private(set) var descriptors: [StateDescriptor] = []
    /// Orders ties: the highest (most recent) wins.
    @usableFromInline private(set) var sequences: [Int] = []
    @usableFromInline private(set) var matchers: [Matcher] = []
    /// The sequence of the value the target shows.
    @usableFromInline var shownSequence = Ranking.defaultSequence

    @usableFromInline init() {}

    /// Places a value for `descriptor`, replacing the one of an equal descriptor.
    ///
    /// - Returns: The index of the replaced value, if any, and then the index of the new one.
    @usableFromInline
    mutating func insert(_ descriptor: StateDescriptor, sequence: Int) -> (replaced: Int?, index: Int) {
        let replaced = descriptors.firstIndex(of: descriptor)
        if let replaced {
            removeEntry(at: replaced)
        }
        let index = descriptors.indices.first {
            descriptors[$0].priority < descriptor.priority
                || (descriptors[$0].priority == descriptor.priority && sequences[$0] < sequence)
        } ?? descriptors.endIndex
        descriptors.insert(descriptor, at: index)
        sequences.insert(sequence, at: index)
        matchers.insert(Matcher(descriptor), at: index)
        return (replaced, index)
    }

    /// Removes the entries whose descriptor `shouldRemove` picks. If the target showed one of
    /// them, what it shows is no longer known, so the next state change writes its winner.
    ///
    /// - Returns: The indices removed, ascending.
    @usableFromInline
    mutating func remove(where shouldRemove: (StateDescriptor) -> Bool) -> [Int] {
        let removed = descriptors.indices.filter { shouldRemove(descriptors[$0]) }
        for index in removed.reversed() {
            removeEntry(at: index)
        }
        return removed
    }

    private mutating func removeEntry(at index: Int) {
        if sequences[index] == shownSequence {
            shownSequence = Self.unknownSequence
        }
        descriptors.remove(at: index)
        sequences.remove(at: index)
        matchers.remove(at: index)
    }

    /// The index of the entry that wins in `state`, or `nil` when the default applies.
    @inlinable
    func winner(in state: ControlState) -> Int? {
        let bits = state.rawValue
        for index in matchers.indices {
            let matcher = matchers[index]
            if matcher.isCustom {
                if descriptors[index].matches(state) {
                    return index
                }
            } else if ((bits & matcher.andMask) == matcher.comparand) != matcher.negates {
                return index
            }
        }
        return nil
    }

    /// Where the value to write for `state` is in the values array, or `nil` when the target
    /// shows it already; records it as shown.
    @inlinable
    mutating func change(for state: ControlState) -> Int? {
        let index = winner(in: state)
        let sequence = index.map { sequences[$0] } ?? Self.defaultSequence
        guard sequence != shownSequence else { return nil }
        shownSequence = sequence
        return index.map { $0 + 1 } ?? 0
    }

    /// Where the value that applies in `state` is in the values array.
    @usableFromInline
    func position(in state: ControlState) -> Int {
        winner(in: state).map { $0 + 1 } ?? 0
    }

    /// Adds `value` for `descriptor` to `values`, replacing the value of an equal descriptor.
    @inlinable
    mutating func insert<Value>(_ value: Value, for descriptor: StateDescriptor, sequence: Int, in values: inout [Value]) {
        let (replaced, index) = insert(descriptor, sequence: sequence)
        if let replaced {
            values.remove(at: replaced + 1)
        }
        values.insert(value, at: index + 1)
    }

    /// Removes from `values` those whose descriptor `shouldRemove` picks; the default stays.
    @inlinable
    mutating func remove<Value>(where shouldRemove: (StateDescriptor) -> Bool, in values: inout [Value]) {
        for index in remove(where: shouldRemove).reversed() {
            values.remove(at: index + 1)
        }
    }
}
