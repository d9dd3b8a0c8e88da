import Localization

/// The rules that refuse PINs which are easy to guess, chosen as a set.
///
/// `original` is what PinCodeControl did: all-same digits and runs that climb or fall by one,
/// at any length and with no wrap-around (`8901` and `1098` pass). `standard`, the default of
/// `PinCode`, adds a blocklist of the most common PINs and keypad patterns.
/// `2468` and `1357` are deliberately allowed: they are neither runs nor on the list.
///
/// ```swift
/// WeakPinRules.original.rejection(for: digits)   // nil for 1212
/// WeakPinRules.standard.rejection(for: digits)   // .tooCommon for 1212
/// ```
public struct WeakPinRules: OptionSet, Sendable {
    /// The raw bits of the set.
    public let rawValue: Int

    /// Creates the set from its raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Refuses PINs whose digits are all the same (`1111`, `000000`).
    public static let repeatedDigits = WeakPinRules(rawValue: 1 << 0)
    /// Refuses PINs whose digits climb or fall by one each step (`1234`, `0123`, `9876`).
    public static let sequence = WeakPinRules(rawValue: 1 << 1)
    /// Refuses PINs on the `commonPINs` blocklist (`1212`, `2580`, `123123`).
    public static let common = WeakPinRules(rawValue: 1 << 2)

    /// The three rules of the original PinCodeControl: repeated digits and sequences.
    public static let original: WeakPinRules = [.repeatedDigits, .sequence]
    /// The default validation of `PinCode`: the original rules plus the blocklist.
    public static let standard: WeakPinRules = [.repeatedDigits, .sequence, .common]

    /// The most common PINs and keypad patterns that are not already repeats or runs.
    ///
    /// Drawn from published analyses of leaked PIN sets (DataGenetics' 3.4 million 4-digit
    /// PINs, and the 6-digit studies of Wang et al., 2017) and the shapes of a phone keypad:
    /// columns (`2580`), corners (`1397`), pairs (`1212`, `1122`), dates (`2000`, `1004`).
    /// Years and birthdays are left out on purpose: there are too many to list usefully.
    public static let commonPINs: [String] = [
        // 4 digits: frequent choices.
        "1212", "1004", "2000", "6969", "1122", "1313", "2001", "1010", "1221", "2112",
        "5683", "0101", "1000", "2020",
        // 4 digits: keypad columns and corners.
        "2580", "0852", "1470", "0741", "3690", "0963", "1397", "7931", "1379", "9731",
        // 6 digits: frequent choices.
        "123123", "121212", "112233", "123321", "696969", "131313", "520520",
        "101010", "102030", "123654", "112211", "252525", "111222", "000111", "202020",
        "100200", "110110", "111000", "147147", "159159", "789789",
        // 6 digits: keypad patterns.
        "159753", "147258", "258369", "789456", "147852", "258456", "159357", "369258",
        "741852", "852963", "963852", "456123", "741963", "321654",
    ]

    /// The first rule of this set that refuses `digits`, in the order repeated, sequence,
    /// common; `nil` when every rule in the set passes.
    ///
    /// Fewer than two digits form neither a repeat nor a run, so they pass those two rules.
    public func rejection(for digits: PinDigits) -> PinRejection? {
        if contains(.repeatedDigits), WeakPinRules.isRepeated(digits) { return .repeatedDigits }
        if contains(.sequence), WeakPinRules.isSequence(digits) { return .sequence }
        if contains(.common), WeakPinRules.isCommon(digits) { return .tooCommon }
        return nil
    }

    /// The first rule of this set that refuses `candidate`, or `nil`.
    ///
    /// A candidate with anything but ASCII digits is refused as `.custom("Use digits only")` (translated).
    public func rejection(for candidate: String) -> PinRejection? {
        PinDigits.withDigits(of: candidate) { rejection(for: $0) } ?? .custom(tr("Use digits only"))
    }

    /// Whether all digits are equal, with at least two of them.
    static func isRepeated(_ digits: PinDigits) -> Bool {
        hasConstantStep(digits, step: 0)
    }

    /// Whether the digits climb or fall by exactly one each step, with no wrap-around.
    static func isSequence(_ digits: PinDigits) -> Bool {
        hasConstantStep(digits, step: 1) || hasConstantStep(digits, step: -1)
    }

    /// Whether the digits are on the blocklist, compared byte by byte so no copy is made.
    static func isCommon(_ digits: PinDigits) -> Bool {
        commonPINs.contains { $0.utf8.elementsEqual(digits.asciiDigits) }
    }

    private static func hasConstantStep(_ digits: PinDigits, step: Int) -> Bool {
        guard digits.count >= 2 else { return false }
        for index in 1..<digits.count where Int(digits[index]) - Int(digits[index - 1]) != step {
            return false
        }
        return true
    }
}
