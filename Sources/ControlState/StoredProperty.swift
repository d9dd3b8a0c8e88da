/// Finds where a key path's value lives inside its root object, so that the engine can write
/// bound values there directly.
///
/// Writing through a `ReferenceWritableKeyPath` makes the Swift runtime allocate a holder for
/// every write (it keeps the object alive and records the access), which a state change must
/// not do. When the projection of a key path is storage inside the root object itself (a
/// stored property with no observers, or a struct field of one), writing to that address is
/// exactly what the runtime would do. Anything else — computed properties, observed
/// properties, paths through other objects — projects into a temporary buffer outside the
/// object, is detected as such, and keeps the key path.
enum StoredProperty {
    /// The byte offset of the value of `keyPath` inside `root`, or `nil` when writing through
    /// the key path does more than store into `root`'s own memory.
    ///
    /// Probing a computed property calls its getter and writes the value back through its
    /// setter once.
    static func offset<Root: AnyObject, Value>(
        of keyPath: ReferenceWritableKeyPath<Root, Value>,
        in root: Root
    ) -> Int? {
        guard canMeasureInstances else { return nil }
        let projected = root
        let address = withUnsafeMutablePointer(to: &projected[keyPath: keyPath]) {
            UnsafeMutableRawPointer($0)
        }
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(root).toOpaque())
        let offset = address - base
        let storageStart = _getUnsafePointerToStoredProperties(root) - base
        guard offset >= storageStart,
              offset + MemoryLayout<Value>.size <= instanceSize(of: root)
        else { return nil }
        return offset
    }

    /// The address `offset` bytes into `object`.
    @inline(__always)
    static func address(_ offset: Int, in object: AnyObject) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset
    }

    /// The size of an instance of `object`'s class, from its class metadata (the `InstanceSize`
    /// field, after the kind, superclass, flags and instance address point words of a Swift
    /// class without Objective-C interoperability).
    static func instanceSize(of object: AnyObject) -> Int {
        let metadata = unsafeBitCast(type(of: object), to: UnsafeRawPointer.self)
        return Int(metadata.load(fromByteOffset: 24, as: UInt32.self))
    }

    /// Whether the metadata layout is the one `instanceSize(of:)` expects, checked once on
    /// classes of known sizes; if not, every key path keeps the runtime's path.
    private static let canMeasureInstances: Bool = {
        #if canImport(ObjectiveC)
        return false
        #else
        let probe = Probe2()
        let header = _getUnsafePointerToStoredProperties(probe) - address(0, in: probe)
        return header == 16
            && instanceSize(of: probe) == header + 2 * MemoryLayout<Int>.size
            && instanceSize(of: Probe3()) == header + 3 * MemoryLayout<Int>.size
        #endif
    }()

    private final class Probe2 {
        var first = 0, second = 0
    }

    private final class Probe3 {
        var first = 0, second = 0, third = 0
    }
}
