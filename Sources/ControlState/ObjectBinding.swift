/// The values bound to one key path of one object, held weakly (the control itself included).
class ObjectBinding {
    /// Which object the binding was made for, released or not.
    let targetID: ObjectIdentifier
    weak var target: AnyObject?
    let keyPath: AnyKeyPath
    var ranking = Ranking()
    /// The sequence of the value the target shows.
    var shown = Ranking.defaultSequence
    /// Set when the binding is removed, so that a state change under way skips it.
    var isRemoved = false

    init(target: AnyObject, keyPath: AnyKeyPath) {
        (self.target, targetID, self.keyPath) = (target, ObjectIdentifier(target), keyPath)
    }

    // Implemented once per key path type.
    /// Writes the value at `position` of the values; `false` when the target was released.
    func write(_ position: Int) -> Bool { fatalError("subclass") }
    func value(at position: Int) -> Any { fatalError("subclass") }
    func removeEntries(where shouldRemove: (StateDescriptor) -> Bool) { fatalError("subclass") }

    /// Writes the winner of `state` if the target does not show it yet; `false` when the
    /// target was released.
    final func apply(in state: ControlState) -> Bool {
        let winner = ranking.winner(in: state)
        let sequence = ranking.sequence(of: winner)
        guard sequence != shown else { return true }
        shown = sequence
        return write(winner.map { $0 + 1 } ?? 0)
    }
}

/// The values bound to `keyPath` of a `Root`: the default captured first, then the others in
/// `ranking`'s order.
final class KeyPathBinding<Root: AnyObject, Value>: ObjectBinding {
    private let writableKeyPath: ReferenceWritableKeyPath<Root, Value>
    private var values: [Value]

    init(target: Root, keyPath: ReferenceWritableKeyPath<Root, Value>) {
        writableKeyPath = keyPath
        values = [target[keyPath: keyPath]]
        super.init(target: target, keyPath: keyPath)
    }

    func insert(_ value: Value, for descriptor: StateDescriptor, sequence: Int) {
        ranking.insert(value, for: descriptor, sequence: sequence, in: &values)
    }

    override func write(_ position: Int) -> Bool {
        guard let target = target as? Root else { return false }
        target[keyPath: writableKeyPath] = values[position]
        return true
    }

    override func value(at position: Int) -> Any { values[position] }

    override func removeEntries(where shouldRemove: (StateDescriptor) -> Bool) {
        ranking.remove(where: shouldRemove, in: &values)
        shown = ranking.stillShown(shown)
    }
}
