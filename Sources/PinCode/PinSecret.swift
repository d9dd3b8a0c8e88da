import Glibc

/// A copy of a PIN's digits that can leave the control — to be hashed off the main thread,
/// or kept between "Choose a PIN" and "Confirm PIN" — and is wiped when it goes away.
///
/// It never turns into a `String`, and prints as `PinSecret(4 digits)`.
///
/// ```swift
/// let secret = PinSecret(copying: pinCode)
/// let isRight = try await Task.detached { try secret.withDigits { try vault.verify(digits: $0) } }.value
/// ```
public final class PinSecret: @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    // Immutable after init and wiped only in deinit, so sharing across threads is safe.
    private let bytes: UnsafeMutableBufferPointer<UInt8>

    /// Copies the digits typed so far into `pinCode`, with no intermediate copy.
    public init(copying pinCode: PinCode) {
        (bytes, count) = pinCode.withDigits { digits in
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, digits.count))
            bytes.initialize(repeating: 0)
            _ = bytes.initialize(from: digits)
            return (bytes, digits.count)
        }
    }

    deinit {
        explicit_bzero(bytes.baseAddress!, bytes.count)
        bytes.deallocate()
    }

    /// How many digits.
    public let count: Int

    /// Lends the ASCII digits for the duration of `body`.
    public func withDigits<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(rebasing: bytes[..<count]))
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
