/// The values bound to one key path of one target: entries kept in the order they win, each
/// with its applier and matcher built when the value was set. `ApplyPlan` lays the bindings of
/// a control out for state changes; this is what setting, asking and removing work on.
final class ValueBinding {
    /// Writes one value to the target it is given. The target is passed unretained: the
    /// caller holds it, and a state change must not retain and release every target it writes.
    typealias Applier = (Unmanaged<AnyObject>) -> Void

    /// One value for one descriptor.
    struct Entry {
        let descriptor: StateDescriptor
        /// Orders ties: the highest (most recent) wins.
        let sequence: Int
        let value: Any
        let apply: ValueBinding.Applier
        let bytes: ByteWrite
    }

    /// The applied sequence of the captured default.
    static let defaultSequence = -1
    /// The applied sequence when what the target shows is not known, so the next resolve applies.
    static let unknownSequence = Int.min

    let defaultValue: Any
    let applyDefault: ValueBinding.Applier
    let defaultBytes: ByteWrite
    /// Where the value lives inside the target, when a direct write equals the key path's.
    let storageOffset: Int?
    @exclusivity(unchecked) private(set) var entries: [Entry] = []
    /// Where the control keeps what this binding shows (its index in the control's plan), or
    /// -1 before the binding is planned.
    var slot = -1

    init(
        defaultValue: Any, storageOffset: Int?,
        applyDefault: @escaping ValueBinding.Applier, defaultBytes: ByteWrite
    ) {
        self.defaultValue = defaultValue
        self.storageOffset = storageOffset
        self.applyDefault = applyDefault
        self.defaultBytes = defaultBytes
    }

    /// A closure that writes `value` to `keyPath` of the target it is given, directly at
    /// `offset` when there is one.
    static func applier<Root: AnyObject, Value>(
        writing value: Value,
        to keyPath: ReferenceWritableKeyPath<Root, Value>,
        at offset: Int?
    ) -> ValueBinding.Applier {
        if let offset {
            return { target in
                (UnsafeMutableRawPointer(target.toOpaque()) + offset)
                    .assumingMemoryBound(to: Value.self).pointee = value
            }
        }
        return { target in
            unsafeDowncast(target.takeUnretainedValue(), to: Root.self)[keyPath: keyPath] = value
        }
    }

    /// How an entry matches, kept apart from the entries in a plain array so that scanning
    /// copies no reference (no retain, no release) and stays within a cache line or two.
    struct Matcher {
        let andMask: UInt32
        let comparand: UInt32
        let negates: Bool
        let isCustom: Bool
        /// Where the plan keeps the custom predicate, or -1.
        var customIndex: Int32 = -1
        let sequence: Int

        init(_ entry: Entry) {
            andMask = entry.descriptor.andMask
            comparand = entry.descriptor.comparand
            negates = entry.descriptor.negates
            isCustom = entry.descriptor.predicate != nil
            sequence = entry.sequence
        }
    }

    /// The matchers of `entries`, index for index.
    @exclusivity(unchecked) private(set) var matchers: [Matcher] = []

    /// Adds `entry`, replacing the entry of an equal descriptor, in winning order:
    /// priority descending, then sequence descending.
    func insert(_ entry: Entry) {
        entries.removeAll { $0.descriptor == entry.descriptor }
        let index = entries.firstIndex {
            $0.descriptor.priority < entry.descriptor.priority
                || ($0.descriptor.priority == entry.descriptor.priority && $0.sequence < entry.sequence)
        } ?? entries.endIndex
        entries.insert(entry, at: index)
        matchers = entries.map(Matcher.init)
    }

    /// Removes the entries for which `shouldRemove` holds.
    ///
    /// - Returns: The sequences of the removed entries.
    func removeEntries(where shouldRemove: (Entry) -> Bool) -> Set<Int> {
        let removed = Set(entries.filter(shouldRemove).map(\.sequence))
        entries.removeAll { removed.contains($0.sequence) }
        matchers = entries.map(Matcher.init)
        return removed
    }

    /// The index of the entry that wins in `state`, or `nil` when the default applies.
    @inline(__always)
    func winner(in state: ControlState) -> Int? {
        let bits = state.rawValue
        return matchers.withUnsafeBufferPointer { matchers in
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
    }

    /// The value that applies in `state`: the winner's or the default.
    func value(in state: ControlState) -> Any {
        winner(in: state).map { entries[$0].value } ?? defaultValue
    }

    /// The sequence of the entry at `index`, or of the default when `nil`.
    func sequence(of index: Int?) -> Int {
        index.map { matchers[$0].sequence } ?? Self.defaultSequence
    }

    /// Writes the value of the entry at `index` (the default when `nil`) to `target`.
    func apply(_ index: Int?, to target: AnyObject) {
        withExtendedLifetime(target) {
            if let index {
                entries[index].apply(Unmanaged.passUnretained(target))
            } else {
                applyDefault(Unmanaged.passUnretained(target))
            }
        }
    }
}
