import Localization

/// The digits of a PIN being typed, held in one fixed buffer that is wiped as digits leave it.
///
/// The buffer is allocated once in locked memory (see `LockedBytes`), never grows and is zeroed
/// with `explicit_bzero` (which the optimizer may not drop) on `deleteBackward()`, `clear()`,
/// `wipeJudgedDigits()` and `deinit`. The digits are never
/// shown by `description`, `debugDescription` or a mirror, so they stay out of logs and
/// debuggers' summaries.
///
/// ```swift
/// let pin = PinCode(length: 4)
/// for key in "2468" { pin.insert(key) }   // the last one returns .completed
/// pin.isValid                            // true
/// pin.withDigits { vault.store(digits: $0) }
/// ```
public final class PinCode {
    /// How many digits make the code complete.
    public let length: Int

    /// How many digits have been typed.
    public private(set) var count = 0

    /// A check run after the default rules (if on), refusing a candidate by returning why.
    ///
    /// The `PinDigits` it receives is only valid during the call.
    public var validator: ((PinDigits) -> PinRejection?)?

    /// Whether the `WeakPinRules.standard` rules run before `validator`.
    public var usesDefaultValidation = true

    /// The typed ASCII digits; only the first `count` bytes are meaningful, the rest are zero.
    private let buffer: LockedBytes

    /// Whether the digits were wiped once judged (`count` still says how many were typed, so
    /// the items still look typed); the next edit starts again.
    public private(set) var isWiped = false

    /// Creates an empty code.
    ///
    /// - Parameter length: how many digits make the code complete, from 1 to 32 (usually 4 or 6).
    public init(length: Int = 4) {
        precondition((1...32).contains(length), "A PIN has from 1 to 32 digits")
        self.length = length
        buffer = LockedBytes(count: length)
    }

    /// Whether no digit has been typed.
    public var isEmpty: Bool { count == 0 }

    /// Whether every digit has been typed.
    public var isFilled: Bool { count == length }

    /// Whether the code is complete and passes validation.
    public var isValid: Bool { isFilled && validate() == nil }

    /// The typed digits as a `String`, for verification only.
    ///
    /// A `String` cannot be wiped: prefer `withDigits(_:)` to hash or compare the digits.
    public var code: String {
        String(decoding: (0..<(isWiped ? 0 : count)).map { buffer[$0] }, as: UTF8.self)
    }

    /// Calls `body` with the typed digits as ASCII bytes, without copying them.
    ///
    /// The buffer is only valid during the call; do not let it escape.
    public func withDigits<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        // Lends the locked digits, for the call only.
        try unsafe buffer.withUnsafeBytes(prefix: isWiped ? 0 : count, body)
    }

    /// The ASCII byte of the digit at `index` (below `count`), 0 once wiped.
    func digitByte(at index: Int) -> UInt8 {
        precondition(index < count, "Index out of range")
        return buffer[index]
    }

    /// Wipes the digits of a complete code that was judged (accepted or refused), keeping
    /// `count`, so that they stay in memory no longer than needed.
    public func wipeJudgedDigits() {
        buffer.wipe()
        isWiped = true
    }

    /// Why the typed digits are refused, or `nil` when they pass (whether or not complete).
    public func validate() -> PinRejection? {
        validate(PinDigits(locked: buffer, count: isWiped ? 0 : count))
    }

    /// Why `digits` would be refused by this code's rules, or `nil` when they pass.
    public func validate(_ digits: PinDigits) -> PinRejection? {
        if usesDefaultValidation, let rejection = WeakPinRules.standard.rejection(for: digits) {
            return rejection
        }
        return validator?(digits)
    }

    /// Why `candidate` would be refused by this code's rules, or `nil` when it passes.
    ///
    /// A candidate with anything but ASCII digits is refused as `.custom("Use digits only")` (translated).
    public func validate(_ candidate: String) -> PinRejection? {
        PinDigits.withDigits(of: candidate) { validate($0) } ?? .custom(tr("Use digits only"))
    }

    /// Appends one digit, reporting whether it went in and whether it completed the code.
    ///
    /// Only ASCII `0`...`9` are accepted; anything else, and any digit once full, is dropped.
    @discardableResult
    public func insert(_ digit: Character) -> InsertResult {
        guard let byte = digit.asciiValue, PinDigits.isASCIIDigit(byte) else {
            return .rejectedNonDigit
        }
        guard count < length else { return .ignoredFull }
        isWiped = false
        buffer[count] = byte
        count += 1
        return isFilled ? .completed : .inserted
    }

    /// Removes the last digit and wipes its byte; does nothing when empty.
    public func deleteBackward() {
        guard count > 0 else { return }
        count -= 1
        buffer.wipe(from: count)
        if count == 0 { isWiped = false }
    }

    /// Removes every digit and wipes the whole buffer.
    public func clear() {
        count = 0
        isWiped = false
        buffer.wipe()
    }

    /// Appends pasted digits all at once, or none of them.
    ///
    /// Whitespace around the text (spaces, tabs, newlines) is ignored. The paste is refused, and
    /// nothing is inserted, when what remains is empty, holds any non-digit (inner spaces
    /// included), or has more digits than the room left: a longer paste is more likely the
    /// wrong text than a PIN to cut short.
    ///
    /// ```swift
    /// pin.paste(" 2468\n")   // .success(PasteOutcome(insertedCount: 4, didComplete: true))
    /// ```
    public func paste(_ text: String) -> Result<PasteOutcome, PasteRejection> {
        var trimmed = text.drop(while: \.isWhitespace)
        while let last = trimmed.last, last.isWhitespace {
            trimmed = trimmed.dropLast()
        }
        let bytes = trimmed.utf8
        guard !bytes.isEmpty else { return .failure(.empty) }
        guard bytes.allSatisfy(PinDigits.isASCIIDigit) else { return .failure(.nonDigit) }
        let room = length - count
        guard room > 0 else { return .failure(.full) }
        guard bytes.count <= room else { return .failure(.tooLong(room: room)) }
        isWiped = false
        for byte in bytes {
            buffer[count] = byte
            count += 1
        }
        return .success(PasteOutcome(insertedCount: bytes.count, didComplete: isFilled))
    }

    /// The whole buffer, typed digits and wiped tail alike, so tests can see the wiping.
    var _rawBytesForTesting: [UInt8] {
        (0..<length).map { buffer[$0] }
    }
}

extension PinCode: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// A summary that counts the digits and never shows them, e.g. `PinCode(3 of 4 digits)`.
    public var description: String { "PinCode(\(count) of \(length) digits)" }

    /// The same summary as `description`: the digits are never shown.
    public var debugDescription: String { description }

    /// A mirror with the length and count only, so debuggers and `dump` never show the digits.
    public var customMirror: Mirror {
        Mirror(self, children: ["length": length, "count": count], displayStyle: .class)
    }
}
