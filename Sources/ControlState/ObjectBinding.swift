/// The values bound to one key path of one object, which the control holds weakly (or the
/// control itself, which needs no reference to itself). Subclassed once per key path type.
class ObjectBinding {
    /// The target's identity, for finding the binding again; checked against the weak
    /// reference, since a new object may take a released target's address.
    let targetID: ObjectIdentifier
    let keyPath: AnyKeyPath
    /// Set when the binding is removed, so that a state change under way skips it.
    var isRemoved = false

    init(targetID: ObjectIdentifier, keyPath: AnyKeyPath) {
        self.targetID = targetID
        self.keyPath = keyPath
    }

    /// Whether the target is still alive (always, for the control itself).
    var isTargetAlive: Bool { fatalError("subclass") }

    /// Whether the binding is on `target`, alive.
    func isBound(to target: AnyObject, control: StatefulControl) -> Bool { fatalError("subclass") }

    /// Writes the winner of `state` if the target does not show it yet.
    ///
    /// - Returns: `false` when the target was released.
    func apply(in state: ControlState, control: StatefulControl) -> Bool { fatalError("subclass") }

    /// The value that applies in `state`.
    func value(in state: ControlState) -> Any { fatalError("subclass") }

    /// Removes the values whose descriptor `shouldRemove` picks; the default stays.
    func removeEntries(where shouldRemove: (StateDescriptor) -> Bool) { fatalError("subclass") }
}

/// The values bound to `keyPath` of a `Root`.
final class KeyPathBinding<Root: AnyObject, Value>: ObjectBinding {
    private weak var target: Root?
    /// The target is the control: it is passed in rather than held.
    private let targetIsControl: Bool
    private let writableKeyPath: ReferenceWritableKeyPath<Root, Value>
    var ranking = Ranking()
    /// The captured default, then the bound values in `ranking`'s order.
    var values: [Value]

    init(target: Root, keyPath: ReferenceWritableKeyPath<Root, Value>, control: StatefulControl) {
        targetIsControl = target === control
        self.target = targetIsControl ? nil : target
        writableKeyPath = keyPath
        values = [target[keyPath: keyPath]]
        super.init(targetID: ObjectIdentifier(target), keyPath: keyPath)
    }

    override var isTargetAlive: Bool {
        targetIsControl || target != nil
    }

    override func isBound(to object: AnyObject, control: StatefulControl) -> Bool {
        targetIsControl ? object === control : target === object
    }

    /// The target, strongly, while alive.
    func resolvedTarget(control: StatefulControl) -> Root? {
        targetIsControl ? control as? Root : target
    }

    override func apply(in state: ControlState, control: StatefulControl) -> Bool {
        guard let index = ranking.change(for: state) else { return true }
        guard let target = resolvedTarget(control: control) else { return false }
        target[keyPath: writableKeyPath] = values[index]
        return true
    }

    override func value(in state: ControlState) -> Any {
        values[ranking.position(in: state)]
    }

    override func removeEntries(where shouldRemove: (StateDescriptor) -> Bool) {
        ranking.remove(where: shouldRemove, in: &values)
    }
}
