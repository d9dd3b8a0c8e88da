#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folded search text of every record of one table, in memory, so that a search as the
/// person types reads no page of the (encrypted) file and runs no SQL built from what they typed.
///
/// The texts sit end to end in one byte array; a search looks for every term in each record's
/// bytes with `memmem`, which is plain substring search on UTF-8: both sides are folded the
/// same way (`SearchText.fold`), so equal text is equal bytes. A record that changes gets a new
/// slot at the end; dead slots are dropped once they are half of the array.
package struct SearchIndex {
    /// Each slot's record identity.
    private var ids: [Int64] = []
    /// Whether each slot is the current text of its record.
    private var isLive: [Bool] = []
    /// Where each slot's text ends in `bytes`; it starts where the previous one ends.
    private var ends: [Int] = []
    private var bytes: [UInt8] = []
    /// The live slot of each record whose identity is small enough to index an array (they
    /// count up from 1), or -1; `sparseSlots` holds the others.
    private var denseSlots: [Int32] = []
    private var sparseSlots: [Int64: Int32] = [:]
    /// How many records the index holds.
    package private(set) var count = 0

    package init() {}

    private func slot(of id: Int64) -> Int? {
        let slot = id >= 0 && id < denseSlots.count ? denseSlots[Int(id)] : sparseSlots[id] ?? -1
        return slot >= 0 ? Int(slot) : nil
    }

    private mutating func setSlot(_ slot: Int32, of id: Int64) {
        if id >= 0 && id < Int64(denseSlots.count) {
            denseSlots[Int(id)] = slot
        } else if id >= 0 && id < Int64(2 * count + 4096) {
            denseSlots.append(contentsOf: repeatElement(-1, count: Int(id) - denseSlots.count + 1))
            denseSlots[Int(id)] = slot
        } else if slot >= 0 {
            sparseSlots[id] = slot
        } else {
            sparseSlots[id] = nil
        }
    }

    /// Sets the folded text of a record, replacing any text it had.
    package mutating func set(_ document: some Collection<UInt8>, for id: Int64) {
        if let slot = slot(of: id) {
            isLive[slot] = false
        } else {
            count += 1
        }
        bytes.append(contentsOf: document)
        ids.append(id)
        isLive.append(true)
        ends.append(bytes.count)
        setSlot(Int32(ids.count - 1), of: id)
        compactIfWorthIt()
    }

    /// Forgets a record.
    package mutating func remove(_ id: Int64) {
        guard let slot = slot(of: id) else { return }
        isLive[slot] = false
        count -= 1
        setSlot(-1, of: id)
        compactIfWorthIt()
    }

    /// How many records' texts hold every one of `terms` (folded UTF-8).
    package func count(matching terms: [[UInt8]]) -> Int {
        var count = 0
        withText { text in
            for slot in ids.indices where isLive[slot] && Self.holds(text, slot: slot, ends: ends, terms: terms) {
                count += 1
            }
        }
        return count
    }

    /// Each identity's slot, in the same order, or -1 for one the index does not hold: what
    /// `filter` needs to read the texts in a list's order without looking identities up.
    package func slots(of ids: [RecordID]) -> [Int32] {
        ids.map { id in slot(of: id.rawValue).map { Int32($0) } ?? -1 }
    }

    /// Those of `ids` whose text holds every one of `terms` (folded UTF-8), in their order.
    ///
    /// The texts are searched in the order they are stored, which reads memory straight
    /// through; the list's order then only looks up one flag per record.
    ///
    /// - Parameter slots: `slots(of: ids)`, read since the index last changed.
    package func filter(_ ids: [RecordID], slots: [Int32], terms: [[UInt8]]) -> [RecordID] {
        var isMatch = [Bool](repeating: false, count: self.ids.count)
        withText { text in
            for slot in self.ids.indices where isLive[slot] {
                isMatch[slot] = Self.holds(text, slot: slot, ends: ends, terms: terms)
            }
        }
        var matches: [RecordID] = []
        for (offset, slot) in slots.enumerated() where slot >= 0 && isMatch[Int(slot)] {
            matches.append(ids[offset])
        }
        return matches
    }

    private func withText(_ body: (UnsafeRawPointer) -> Void) {
        guard !bytes.isEmpty else {
            // Every text is empty: only empty terms could match, and searches have none.
            return
        }
        bytes.withUnsafeBytes { body($0.baseAddress!) }
    }

    /// Whether the text in `slot` holds every term.
    @inline(__always)
    private static func holds(_ text: UnsafeRawPointer, slot: Int, ends: [Int], terms: [[UInt8]]) -> Bool {
        let start = slot == 0 ? 0 : ends[slot - 1]
        let length = ends[slot] - start
        for term in terms where !term.isEmpty {
            let found = term.withUnsafeBytes { needle in contains(text + start, length, needle) }
            if !found { return false }
        }
        return true
    }

    /// Whether `needle` (not empty) occurs in the `length` bytes at `haystack`: `memchr` finds
    /// each candidate first byte, `memcmp` compares the rest.
    private static func contains(_ haystack: UnsafeRawPointer, _ length: Int, _ needle: UnsafeRawBufferPointer) -> Bool {
        let count = needle.count
        guard count <= length else { return false }
        let first = Int32(needle[0])
        var position = haystack
        let lastStart = haystack + (length - count)
        while position <= lastStart {
            guard let found = memchr(position, first, lastStart - position + 1) else { return false }
            if count == 1 || memcmp(found + 1, needle.baseAddress! + 1, count - 1) == 0 { return true }
            position = UnsafeRawPointer(found) + 1
        }
        return false
    }

    private mutating func compactIfWorthIt() {
        let dead = ids.count - count
        guard dead > 1024, dead * 2 > ids.count else { return }
        var compacted = SearchIndex()
        compacted.bytes.reserveCapacity(bytes.count)
        var start = 0
        for slot in ids.indices {
            let end = ends[slot]
            if isLive[slot] {
                compacted.set(bytes[start..<end], for: ids[slot])
            }
            start = end
        }
        self = compacted
    }
}
