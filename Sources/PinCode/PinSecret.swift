/// A copy of a PIN's digits that can leave the control — to be hashed off the main thread,
/// or kept between "Choose a PIN" and "Confirm PIN" — in locked memory, wiped when it goes away.
///
/// It never turns into a `String`, and prints as `PinSecret(4 digits)`.
///
/// ```swift
/// let secret = PinSecret(copying: pinCode)
/// let isRight = try await Task.detached { try secret.withDigits { try vault.verify(digits: $0) } }.value
/// ```
public final class PinSecret: @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    // The bytes are written only in the initializer and wiped only when the secret is
    // released: threads that share a secret read bytes no one writes.
    private let bytes: LockedBytes

    /// How many digits.
    public let count: Int

    /// Copies the digits typed so far into `pinCode`.
    public init(copying pinCode: PinCode) {
        count = pinCode.count
        bytes = LockedBytes(count: max(1, count))
        for index in 0..<count {
            bytes[index] = pinCode.digitByte(at: index)
        }
    }

    /// Lends the ASCII digits for the duration of `body`.
    public func withDigits<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        // Lends the locked digits, for the call only.
        try unsafe bytes.withUnsafeBytes(prefix: count, body)
    }

    /// Whether both hold the same digits, compared in time that does not depend on where
    /// they differ.
    public func matches(_ other: PinSecret) -> Bool {
        guard count == other.count else { return false }
        var difference: UInt8 = 0
        for index in 0..<count { difference |= bytes[index] ^ other.bytes[index] }
        return difference == 0
    }

    public var description: String { "PinSecret(\(count) digits)" }
    public var debugDescription: String { description }
}
