import Foundation

/// Archives changed in the ways a damaged or crafted backup is: a byte flipped, cut short, a
/// byte inserted, a length or count field set to an edge value — one way a round, in turn,
/// from a seeded generator (the same rounds every run).
struct ArchiveMutations {
    private let original: Data
    private var state: UInt64

    init(of original: Data, seed: UInt64) {
        self.original = original
        state = seed
    }

    private mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(max(1, bound)))
    }

    /// Round `round`'s archive (possibly the original, when a change undid itself).
    mutating func next(round: Int) -> Data {
        var bytes = original
        switch round % 4 {
        case 0: bytes[next(bytes.count)] ^= UInt8(1 + next(255))
        case 1: bytes = bytes.prefix(next(bytes.count))
        case 2: bytes.insert(UInt8(next(256)), at: next(bytes.count))
        default:
            // A length or count field set to an edge value.
            let offsets = [16, 20, 24, 26, 35, 35 + 8]
            let offset = offsets[next(offsets.count)]
            for index in offset..<min(bytes.count, offset + 4) { bytes[index] = [0x00, 0xFF, 0x7F, 0x80][next(4)] }
        }
        return bytes
    }
}
