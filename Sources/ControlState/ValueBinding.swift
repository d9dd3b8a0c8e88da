/// The values bound to one (target, key path): entries kept in the order they win, with an
/// applier built when each value was set, so that a state change only scans and calls.
final class ValueBinding {
    /// One value for one descriptor.
    struct Entry {
        let descriptor: StateDescriptor
        /// Orders ties: the highest (most recent) wins.
        let sequence: Int
        let value: Any
        let apply: (AnyObject) -> Void
    }

    /// `appliedSequence` of the captured default.
    static let defaultSequence = -1
    /// `appliedSequence` when what the target shows is not known, so the next resolve applies.
    static let unknownSequence = Int.min

    let key: Key
    weak var target: AnyObject?
    /// The control binds its own key paths; it needs no weak load to reach itself.
    let targetIsControl: Bool
    let defaultValue: Any
    let applyDefault: (AnyObject) -> Void
    private(set) var entries: [Entry] = []
    var appliedSequence = ValueBinding.defaultSequence

    struct Key: Hashable {
        let target: ObjectIdentifier
        let keyPath: AnyKeyPath
    }

    init(
        key: Key, target: AnyObject, targetIsControl: Bool,
        defaultValue: Any, applyDefault: @escaping (AnyObject) -> Void
    ) {
        self.key = key
        self.target = targetIsControl ? nil : target
        self.targetIsControl = targetIsControl
        self.defaultValue = defaultValue
        self.applyDefault = applyDefault
    }

    /// Adds `entry`, replacing the entry of an equal descriptor, in winning order:
    /// priority descending, then sequence descending.
    func insert(_ entry: Entry) {
        entries.removeAll { $0.descriptor == entry.descriptor }
        let index = entries.firstIndex {
            $0.descriptor.priority < entry.descriptor.priority
                || ($0.descriptor.priority == entry.descriptor.priority && $0.sequence < entry.sequence)
        } ?? entries.endIndex
        entries.insert(entry, at: index)
    }

    /// Removes the entries for which `shouldRemove` holds; what the target shows is then unknown
    /// if the entry it shows went.
    func removeEntries(where shouldRemove: (Entry) -> Bool) {
        let applied = appliedSequence
        entries.removeAll(where: shouldRemove)
        if applied != Self.defaultSequence, !entries.contains(where: { $0.sequence == applied }) {
            appliedSequence = Self.unknownSequence
        }
    }

    /// The index of the entry that wins in `state`, or `nil` when the default applies.
    @inline(__always)
    func winner(in state: ControlState) -> Int? {
        var index = 0
        let count = entries.count
        while index < count {
            if entries[index].descriptor.matches(state) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The value that applies in `state`: the winner's or the default.
    func value(in state: ControlState) -> Any {
        winner(in: state).map { entries[$0].value } ?? defaultValue
    }

    /// Applies the winner in `state` to `target` unless it is already shown.
    ///
    /// - Returns: `false` when the target is gone, so the binding can be dropped.
    @inline(__always)
    func resolve(in state: ControlState, control: StatefulControl) -> Bool {
        let index = winner(in: state)
        let sequence = index.map { entries[$0].sequence } ?? Self.defaultSequence
        if sequence == appliedSequence {
            return true
        }
        let shown: AnyObject
        if targetIsControl {
            shown = control
        } else if let target {
            shown = target
        } else {
            return false
        }
        appliedSequence = sequence
        if let index {
            entries[index].apply(shown)
        } else {
            applyDefault(shown)
        }
        return true
    }

    /// Whether the binding is still for `target` (a new object may reuse a released one's address).
    func isBound(to target: AnyObject, control: StatefulControl) -> Bool {
        targetIsControl ? target === control : self.target === target
    }

    var isTargetAlive: Bool {
        targetIsControl || target != nil
    }
}
