/// The values bound to one key path, kept in winning order (priority descending, then most
/// recent first), with the default captured when the key path was first bound and which of
/// them the target shows.
struct BoundValues<Value> {
    /// One value for one descriptor.
    struct Entry {
        let descriptor: StateDescriptor
        /// Orders ties: the highest (most recent) wins.
        let sequence: Int
        let value: Value
    }

    /// How an entry matches, apart from the entries in an array of plain bits, so that finding
    /// the winner of a state copies no value and calls no predicate but the custom ones.
    struct Matcher {
        let andMask: UInt32
        let comparand: UInt32
        let negates: Bool
        let isCustom: Bool

        init(_ descriptor: StateDescriptor) {
            andMask = descriptor.andMask
            comparand = descriptor.comparand
            negates = descriptor.negates
            isCustom = descriptor.predicate != nil
        }
    }

    /// The sequence that stands for the captured default.
    static var defaultSequence: Int { -1 }
    /// The sequence shown when what the target shows is not known: any winner differs from it.
    static var unknownSequence: Int { .min }

    let defaultValue: Value
    private(set) var entries: [Entry] = []
    private var matchers: [Matcher] = []
    /// The sequence of the value the target shows.
    var shownSequence = BoundValues.defaultSequence

    init(defaultValue: Value) {
        self.defaultValue = defaultValue
    }

    /// Adds `value` for `descriptor`, replacing the value of an equal descriptor.
    mutating func insert(_ value: Value, for descriptor: StateDescriptor, sequence: Int) {
        entries.removeAll { $0.descriptor == descriptor }
        let index = entries.firstIndex {
            $0.descriptor.priority < descriptor.priority
                || ($0.descriptor.priority == descriptor.priority && $0.sequence < sequence)
        } ?? entries.endIndex
        entries.insert(Entry(descriptor: descriptor, sequence: sequence, value: value), at: index)
        matchers = entries.map { Matcher($0.descriptor) }
    }

    /// Removes the entries whose descriptor `shouldRemove` picks. If the target showed one of
    /// them, what it shows is no longer known, so the next state change writes its winner.
    mutating func removeEntries(where shouldRemove: (StateDescriptor) -> Bool) {
        let removed = entries.filter { shouldRemove($0.descriptor) }.map(\.sequence)
        guard !removed.isEmpty else { return }
        entries.removeAll { removed.contains($0.sequence) }
        matchers = entries.map { Matcher($0.descriptor) }
        if removed.contains(shownSequence) {
            shownSequence = Self.unknownSequence
        }
    }

    /// The index of the entry that wins in `state`, or `nil` when the default applies.
    func winner(in state: ControlState) -> Int? {
        let bits = state.rawValue
        for index in matchers.indices {
            let matcher = matchers[index]
            if matcher.isCustom {
                if entries[index].descriptor.matches(state) {
                    return index
                }
            } else if ((bits & matcher.andMask) == matcher.comparand) != matcher.negates {
                return index
            }
        }
        return nil
    }

    /// The value that applies in `state`: the winner's, or the default.
    func value(in state: ControlState) -> Value {
        winner(in: state).map { entries[$0].value } ?? defaultValue
    }

    /// The value to write for `state`, or `nil` when the target already shows the winner;
    /// records the winner as shown.
    mutating func change(for state: ControlState) -> Value? {
        let index = winner(in: state)
        let sequence = index.map { entries[$0].sequence } ?? Self.defaultSequence
        guard sequence != shownSequence else { return nil }
        shownSequence = sequence
        return index.map { entries[$0].value } ?? defaultValue
    }
}
