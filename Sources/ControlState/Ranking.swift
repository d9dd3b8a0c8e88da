/// Which of the values bound to one key path wins in a state: the descriptors in winning order
/// (priority descending, then most recent first). Not generic, so it runs at full speed
/// whatever the value type.
///
/// The values live beside it in an array whose first element is the default captured when the
/// key path was first bound: the value of entry `i` is at position `i + 1`.
@usableFromInline
struct Ranking {
    /// How a descriptor matches, in plain bits: finding a winner copies no reference and calls
    /// no predicate but the custom ones.
    @usableFromInline
    struct Matcher {
        @usableFromInline let andMask: UInt32
        @usableFromInline let comparand: UInt32
        @usableFromInline let negates: Bool
        @usableFromInline let isCustom: Bool
    }

    /// The sequence of the default; the one shown when what a target shows is not known.
    @usableFromInline static var defaultSequence: Int { -1 }
    @usableFromInline static var unknownSequence: Int { .min }

    @usableFromInline private(set) var descriptors: [StateDescriptor] = []
    /// Orders ties: the highest (most recent) wins.
    @usableFromInline private(set) var sequences: [Int] = []
    @usableFromInline private(set) var matchers: [Matcher] = []

    @usableFromInline init() {}

    /// Adds `value` for `descriptor` to `values`, replacing the value of an equal descriptor.
    @inlinable
    mutating func insert<Value>(_ value: Value, for descriptor: StateDescriptor, sequence: Int, in values: inout [Value]) {
        if let replaced = descriptors.firstIndex(of: descriptor) {
            removeEntry(at: replaced)
            values.remove(at: replaced + 1)
        }
        values.insert(value, at: insert(descriptor, sequence: sequence) + 1)
    }

    /// Removes from `values` the values whose descriptor `shouldRemove` picks; the default stays.
    @inlinable
    mutating func remove<Value>(where shouldRemove: (StateDescriptor) -> Bool, in values: inout [Value]) {
        for index in descriptors.indices.reversed() where shouldRemove(descriptors[index]) {
            removeEntry(at: index)
            values.remove(at: index + 1)
        }
    }

    @usableFromInline
    mutating func insert(_ descriptor: StateDescriptor, sequence: Int) -> Int {
        let index = descriptors.indices.first {
            descriptors[$0].priority < descriptor.priority
                || (descriptors[$0].priority == descriptor.priority && sequences[$0] < sequence)
        } ?? descriptors.endIndex
        descriptors.insert(descriptor, at: index)
        sequences.insert(sequence, at: index)
        matchers.insert(Matcher(andMask: descriptor.andMask, comparand: descriptor.comparand,
                                negates: descriptor.negates, isCustom: descriptor.predicate != nil), at: index)
        return index
    }

    @usableFromInline
    mutating func removeEntry(at index: Int) {
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
            if matcher.isCustom ? descriptors[index].matches(state)
                : ((bits & matcher.andMask) == matcher.comparand) != matcher.negates {
                return index
            }
        }
        return nil
    }

    /// The sequence of the entry at `index`, or of the default for `nil`.
    @inlinable
    func sequence(of index: Int?) -> Int {
        index.map { sequences[$0] } ?? Self.defaultSequence
    }

    /// What a target shows after a removal: `shown`, or unknown if its value went away.
    func stillShown(_ shown: Int) -> Int {
        shown == Self.defaultSequence || sequences.contains(shown) ? shown : Self.unknownSequence
    }
}
