/// A read-only view of PIN digits, handed to validators without copying them into a `String`.
///
/// The view shares the locked, wiped buffer of its owner (a `PinCode`, or a copy made for a
/// candidate being validated) and is meant for the duration of the call that hands it out: do
/// not store it. Its elements are digit values `0...9`.
///
/// ```swift
/// pin.validator = { digits in digits.first == 0 ? .custom("Do not start with 0") : nil }
/// ```
public struct PinDigits: RandomAccessCollection {
    private let bytes: LockedBytes

    /// The position one past the last digit.
    public let endIndex: Int

    /// Copies ASCII digits into locked memory, or returns `nil` when any byte is not an ASCII
    /// digit.
    public init?(asciiBytes: UnsafeBufferPointer<UInt8>) {
        // Reads the caller's digit bytes to check them and copy them into locked memory.
        guard unsafe asciiBytes.allSatisfy(PinDigits.isASCIIDigit) else { return nil }
        let bytes = LockedBytes(count: asciiBytes.count)
        for index in 0..<bytes.count {
            // Copies one digit byte into locked memory.
            bytes[index] = unsafe asciiBytes[index]
        }
        self.init(locked: bytes, count: bytes.count)
    }

    /// Calls `body` with a view of the digits of `text`, or returns `nil` when `text` holds
    /// anything but ASCII digits.
    ///
    /// ```swift
    /// let rejection = PinDigits.withDigits(of: "2580") { WeakPinRules.standard.rejection(for: $0) }
    /// ```
    public static func withDigits<R>(of text: String, _ body: (PinDigits) throws -> R) rethrows -> R? {
        let utf8 = text.utf8
        guard utf8.allSatisfy(PinDigits.isASCIIDigit) else { return nil }
        let bytes = LockedBytes(count: utf8.count)
        for (index, byte) in utf8.enumerated() {
            bytes[index] = byte
        }
        return try body(PinDigits(locked: bytes, count: bytes.count))
    }

    /// The first `count` bytes of `bytes`, already known to be ASCII digits.
    init(locked bytes: LockedBytes, count: Int) {
        precondition(count <= bytes.count, "More digits than bytes")
        self.bytes = bytes
        endIndex = count
    }

    /// The position of the first digit.
    public var startIndex: Int { 0 }

    /// The value (`0...9`) of the digit at `position`.
    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < endIndex, "Index out of range")
        return bytes[position] &- UInt8(ascii: "0")
    }

    /// The digits as ASCII bytes (`0x30...0x39`).
    public var asciiDigits: LazyMapSequence<PinDigits, UInt8> {
        lazy.map { $0 &+ UInt8(ascii: "0") }
    }

    /// Whether the ASCII byte is one of `0`...`9`.
    static func isASCIIDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
