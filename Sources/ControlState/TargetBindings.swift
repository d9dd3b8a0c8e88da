/// Everything bound on one target object, so that a state change loads a weakly held target
/// once, and only when one of its values must change.
final class TargetBindings {
    weak var target: AnyObject?
    /// The control binds its own key paths: it needs no weak reference to itself.
    let targetIsControl: Bool
    let id: ObjectIdentifier
    @exclusivity(unchecked) private(set) var bindings: [ValueBinding] = []
    private var bindingsByKeyPath: [AnyKeyPath: ValueBinding] = [:]

    init(target: AnyObject, isControl: Bool) {
        self.target = isControl ? nil : target
        self.targetIsControl = isControl
        self.id = ObjectIdentifier(target)
    }

    func binding(for keyPath: AnyKeyPath) -> ValueBinding? {
        bindingsByKeyPath[keyPath]
    }

    func add(_ binding: ValueBinding, for keyPath: AnyKeyPath) {
        bindingsByKeyPath[keyPath] = binding
        bindings.append(binding)
    }

    /// Whether these are `target`'s bindings (a new object may reuse a released one's address).
    func isBound(to target: AnyObject, control: StatefulControl) -> Bool {
        targetIsControl ? target === control : self.target === target
    }

    var isTargetAlive: Bool {
        targetIsControl || target != nil
    }
}
