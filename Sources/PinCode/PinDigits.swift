/// A read-only view of PIN digits, handed to validators without copying them into a `String`.
///
/// The view borrows the bytes of its owner (a `PinCode` or a candidate being validated) and is
/// valid only for the duration of the call that hands it out: do not store it or let it escape.
/// Its elements are digit values `0...9`; `asciiBytes` gives the same digits as ASCII.
///
/// ```swift
/// pin.validator = { digits in digits.first == 0 ? .custom("Do not start with 0") : nil }
/// ```
public struct PinDigits: RandomAccessCollection {
    /// The digits as ASCII bytes (`0x30...0x39`), borrowed from their owner.
    public let asciiBytes: UnsafeBufferPointer<UInt8>

    /// Wraps ASCII digits, or returns `nil` when any byte is not an ASCII digit.
    ///
    /// - Parameter asciiBytes: bytes that must outlive every use of the view.
    public init?(asciiBytes: UnsafeBufferPointer<UInt8>) {
        guard asciiBytes.allSatisfy(PinDigits.isASCIIDigit) else { return nil }
        self.asciiBytes = asciiBytes
    }

    /// Calls `body` with a view of the digits of `text`, or returns `nil` when `text` holds
    /// anything but ASCII digits.
    ///
    /// ```swift
    /// let rejection = PinDigits.withDigits(of: "2580") { WeakPinRules.standard.rejection(for: $0) }
    /// ```
    public static func withDigits<R>(of text: String, _ body: (PinDigits) throws -> R) rethrows -> R? {
        var text = text
        return try text.withUTF8 { bytes in
            guard let digits = PinDigits(asciiBytes: bytes) else { return nil }
            return try body(digits)
        }
    }

    /// Wraps bytes already known to be ASCII digits.
    init(trustedASCII asciiBytes: UnsafeBufferPointer<UInt8>) {
        self.asciiBytes = asciiBytes
    }

    /// The position of the first digit.
    public var startIndex: Int { 0 }

    /// The position one past the last digit.
    public var endIndex: Int { asciiBytes.count }

    /// The value (`0...9`) of the digit at `position`.
    public subscript(position: Int) -> UInt8 {
        asciiBytes[position] &- UInt8(ascii: "0")
    }

    /// Whether the ASCII byte is one of `0`...`9`.
    static func isASCIIDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
