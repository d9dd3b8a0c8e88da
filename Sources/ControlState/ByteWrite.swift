/// A bound value of a trivial type (no references: numbers, colours, small structs) that lives
/// in the target's own storage, written as bytes: the state change calls no closure and no
/// value witness for it.
struct ByteWrite {
    /// Where the value lives in the target; 0 bytes means "not a byte write".
    let offset: Int
    let size: Int
    let low: UInt64
    let high: UInt64

    static let none = ByteWrite(offset: 0, size: 0, low: 0, high: 0)

    /// The byte write of `value` at `offset`, or `.none` when the value has references, is
    /// larger than 16 bytes, or has no storage offset.
    static func of<Value>(_ value: Value, at offset: Int?) -> ByteWrite {
        guard let offset, _isPOD(Value.self), MemoryLayout<Value>.size <= 16 else { return .none }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { bytes in
            withUnsafeBytes(of: value) { bytes.copyMemory(from: $0) }
        }
        return ByteWrite(offset: offset, size: MemoryLayout<Value>.size, low: words.0, high: words.1)
    }

    var isByteWrite: Bool {
        size > 0
    }

    /// Writes the value into `target`, which the caller keeps alive.
    @inline(__always)
    func perform(on target: Unmanaged<AnyObject>) {
        // Unaligned stores are allowed (SE-0349); the property is aligned for its own type,
        // which may be less than the word's.
        let address = UnsafeMutableRawPointer(target.toOpaque()) + offset
        // Tests rather than a switch: a jump table is an indirect branch, mispredicted as the
        // sizes of the values written alternate.
        if size == 8 {
            address.storeBytes(of: low, as: UInt64.self)
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
