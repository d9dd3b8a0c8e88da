#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything bound on one target object, so that a state change checks a target once, and
/// only when one of its values must change.
///
/// The target is held `unowned`, not `weak`: the control does not keep it alive (its deinit
/// runs when the application lets it go), but its memory stays until the control drops these
/// bindings, so a state change can ask the runtime whether it is being deallocated without
/// loading a strong reference. A weak reference would move the target's reference counts
/// into a side table, which makes every retain and release of it slow, and its load costs
/// about as much again.
final class TargetBindings {
    /// The target (`nil` for the control itself, which needs no reference to itself); read
    /// only while `isTargetAlive`.
    private unowned(safe) let object: AnyObject?
    /// The target, weakly, only where the runtime cannot tell whether an object is being
    /// deallocated.
    private weak var fallbackObject: AnyObject?
    /// Where the target is (`nil` for the control itself).
    let address: UnsafeMutableRawPointer?
    /// The control binds its own key paths: it needs no reference to itself.
    let targetIsControl: Bool
    let id: ObjectIdentifier
    @exclusivity(unchecked) private(set) var bindings: [ValueBinding] = []
    private var bindingsByKeyPath: [AnyKeyPath: ValueBinding] = [:]

    init(target: AnyObject, isControl: Bool) {
        self.object = isControl ? nil : target
        if TargetBindings.isDeallocatingFunction == nil, !isControl {
            fallbackObject = target
        }
        self.address = isControl ? nil : StoredProperty.address(0, in: target)
        self.targetIsControl = isControl
        self.id = ObjectIdentifier(target)
    }

    /// The target, strongly, or `nil` when it is the control itself or was released.
    var target: AnyObject? {
        isTargetAlive ? object : nil
    }

    func binding(for keyPath: AnyKeyPath) -> ValueBinding? {
        bindingsByKeyPath[keyPath]
    }

    func add(_ binding: ValueBinding, for keyPath: AnyKeyPath) {
        bindingsByKeyPath[keyPath] = binding
        bindings.append(binding)
    }

    /// Whether these are `target`'s bindings. While the bindings hold a released target's
    /// memory no new object can take its address; a released target is bound to nothing.
    func isBound(to target: AnyObject, control: StatefulControl) -> Bool {
        targetIsControl
            ? target === control
            : isTargetAlive && address == StoredProperty.address(0, in: target)
    }

    var isTargetAlive: Bool {
        guard let address else { return true }
        guard let isDeallocating = TargetBindings.isDeallocatingFunction else {
            return fallbackObject != nil
        }
        return !isDeallocating(address)
    }

    /// Tells whether the object at an address, whose memory an unowned reference keeps, has
    /// started to deinitialize (its strong count reached zero).
    typealias IsDeallocating = @convention(c) (UnsafeMutableRawPointer) -> Bool

    /// The runtime's own test, `bool swift_isDeallocating(HeapObject *)`, which reads the
    /// reference counts without changing them; found by name, since Swift reserves the name
    /// from being declared. `nil` where the runtime does not export it.
    static let isDeallocatingFunction: IsDeallocating? = {
        guard let handle = dlopen(nil, RTLD_NOW),
              let symbol = dlsym(handle, "swift_isDeallocating")
        else { return nil }
        return unsafeBitCast(symbol, to: IsDeallocating.self)
    }()

    /// Whether the object at `address` has started to deinitialize: read from its inline
    /// reference counts when `readingCounts` and they are inline (no side table), else asked
    /// of `isDeallocating`.
    @inline(__always)
    static func isDeallocating(
        _ address: UnsafeMutableRawPointer,
        readingCounts: Bool,
        else isDeallocating: IsDeallocating
    ) -> Bool {
        if readingCounts {
            // The runtime's 64-bit layout: bit 63 says the counts are in a side table (or the
            // object is immortal), bit 32 that the object is deiniting.
            let counts = address.load(fromByteOffset: 8, as: UInt64.self)
            if counts & (1 << 63) == 0 {
                return counts & (1 << 32) != 0
            }
        }
        return isDeallocating(address)
    }

    /// Whether the inline reference counts have the layout `isDeallocating(_:readingCounts:else:)`
    /// reads, checked once on an object while alive and while deiniting.
    static let canReadReferenceCounts: Bool = {
        #if _pointerBitWidth(_64) && !canImport(ObjectiveC)
        guard let isDeallocating = isDeallocatingFunction else { return false }
        let seen = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        defer { seen.deallocate() }
        seen.initialize(to: 0)
        var probe: CountsProbe? = CountsProbe(seen)
        let address = StoredProperty.address(0, in: probe.unsafelyUnwrapped)
        let alive = address.load(fromByteOffset: 8, as: UInt64.self)
        let agrees = !isDeallocating(address)
        withExtendedLifetime(probe) {}
        probe = nil
        let deiniting = seen.pointee
        return agrees
            && alive & (1 << 63 | 1 << 32) == 0
            && deiniting & (1 << 63) == 0 && deiniting & (1 << 32) != 0
        #else
        return false
        #endif
    }()

    /// Records its reference counts while deiniting.
    private final class CountsProbe {
        let seen: UnsafeMutablePointer<UInt64>

        init(_ seen: UnsafeMutablePointer<UInt64>) {
            self.seen = seen
        }

        deinit {
            seen.pointee = StoredProperty.address(0, in: self).load(fromByteOffset: 8, as: UInt64.self)
        }
    }
}
