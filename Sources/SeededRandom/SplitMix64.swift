/// A deterministic random number generator, SplitMix64 (Steele, Lea and Flood): a fixed seed
/// gives the same sequence in every run, so fuzz tests, property tests and benchmark walks
/// repeat exactly.
///
/// ```swift
/// var random = SplitMix64(seed: 2024)
/// let digit = Int.random(in: 0...9, using: &random)
/// ```
///
/// Not for secrets: anyone who sees one output can compute the rest.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    @usableFromInline var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    @inlinable
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
