/// A bound value written straight into the target's own storage, with no closure and no
/// value witness: a value of a trivial type (no references: numbers, colours, small structs)
/// as its bytes, or a `String` (the usual title or label) by a plain typed assignment.
struct ByteWrite {
    /// Where the value lives in the target.
    let offset: Int
    /// The size of a trivial value; `ByteWrite.string` for a `String`, 0 for "not a byte write".
    let size: Int
    /// The bytes of a trivial value; for a `String`, `low` is its index in the plan's strings.
    var low: UInt64
    let high: UInt64
    /// The string a `String` write assigns, until the plan takes it over.
    let string: String?

    /// The `size` of a `String` write.
    static let string = -1

    static let none = ByteWrite(offset: 0, size: 0, low: 0, high: 0, string: nil)

    /// The byte write of `value` at `offset`, or `.none` when the value has references (other
    /// than a `String`'s), is larger than 16 bytes, or has no storage offset.
    static func of<Value>(_ value: Value, at offset: Int?) -> ByteWrite {
        guard let offset else { return .none }
        // Assigning a string releases the old one and retains the new: no code of the
        // application's can run, unlike the release of an arbitrary value with references.
        if Value.self == String.self {
            return ByteWrite(offset: offset, size: string, low: 0, high: 0, string: value as? String)
        }
        guard _isPOD(Value.self), MemoryLayout<Value>.size <= 16 else { return .none }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { bytes in
            withUnsafeBytes(of: value) { bytes.copyMemory(from: $0) }
        }
        return ByteWrite(offset: offset, size: MemoryLayout<Value>.size, low: words.0, high: words.1, string: nil)
    }

    var isByteWrite: Bool {
        size != 0
    }

    /// Writes the value into the object at `target`, which the caller keeps alive; `strings`
    /// are the plan's strings.
    @inline(__always)
    func perform(on target: UnsafeMutableRawPointer, strings: UnsafeMutablePointer<String>) {
        // Unaligned stores are allowed (SE-0349); the property is aligned for its own type,
        // which may be less than the word's.
        let address = target + offset
        // Words first, then strings: a chain the compiler cannot turn into a jump table,
        // which costs more than the two or three comparisons the common sizes take.
        if size == 8 {
            address.storeBytes(of: low, as: UInt64.self)
        } else if size < 0 {
            address.assumingMemoryBound(to: String.self).pointee = strings[Int(truncatingIfNeeded: low)]
        } else if size == 4 {
            address.storeBytes(of: UInt32(truncatingIfNeeded: low), as: UInt32.self)
        } else if size == 1 {
            address.storeBytes(of: UInt8(truncatingIfNeeded: low), as: UInt8.self)
        } else if size == 16 {
            address.storeBytes(of: low, as: UInt64.self)
            address.storeBytes(of: high, toByteOffset: 8, as: UInt64.self)
        } else {
            var words = (low, high)
            withUnsafeBytes(of: &words) { bytes in
                address.copyMemory(from: bytes.baseAddress.unsafelyUnwrapped, byteCount: size)
            }
        }
    }
}
