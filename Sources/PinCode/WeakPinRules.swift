import Localization

/// The rules that refuse PINs which are easy to guess, chosen as a set.
///
/// `original` is what PinCodeControl did: all-same digits and runs that climb or fall by one,
/// at any length and with no wrap-around (`8901` passes it). `standard`, the default of
/// `PinCode`, refuses what real people choose first, measured on the published lists of
/// Markert et al., "This PIN Can Be Easily Guessed" (IEEE S&P 2020): years, dates, keypad
/// lines and shapes, repeated or mirrored pairs, and a list of common PINs (iOS's lists and
/// the paper's most frequent PINs). It refuses about 11% of 4-digit PINs and about 7% of
/// 6-digit PINs; `pinform-bench pins` gives the figures and how they were measured.
///
/// ```swift
/// WeakPinRules.original.rejection(for: digits)   // nil for 1212
/// WeakPinRules.standard.rejection(for: digits)   // .pair for 1212, .year for 1990
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
    /// Refuses PINs on the shipped list of common PINs (`commonPINs`: `5683`, `1337`, and
    /// every PIN on iOS's 4- and 6-digit lists).
    public static let common = WeakPinRules(rawValue: 1 << 2)
    /// Refuses 4-digit years from 1956 to 2015 (`1990`, `2007`).
    public static let year = WeakPinRules(rawValue: 1 << 3)
    /// Refuses dates: 4 digits as month and day (`1225`), 6 digits as day, month, year or
    /// month, day, year (`251290`, `122590`).
    public static let date = WeakPinRules(rawValue: 1 << 4)
    /// Refuses lines, walks and shapes on a phone keypad (`2580`, `1590`, `1256`, `1397`, `2468`,
    /// `147258`).
    public static let keypad = WeakPinRules(rawValue: 1 << 5)
    /// Refuses repeated or mirrored groups (`1212`, `1221`, `1122`, `0001`, `121212`, `123123`,
    /// `112233`, `123321`).
    public static let pair = WeakPinRules(rawValue: 1 << 6)

    /// The three rules of the original PinCodeControl: repeated digits and sequences.
    public static let original: WeakPinRules = [.repeatedDigits, .sequence]
    /// Every rule that is a pattern rather than a list: repeats, runs, pairs, keypad, years, dates.
    public static let patterns: WeakPinRules = [.repeatedDigits, .sequence, .pair, .keypad, .year, .date]
    /// The default validation of `PinCode`: the patterns plus the list of common PINs.
    public static let standard: WeakPinRules = patterns.union(.common)

    /// Every PIN on the shipped list of common PINs, 4 digits then 6, each in ascending order.
    ///
    /// Built by `pinform-bench pins --write-blocklist` from iOS's lists and the paper's
    /// data-driven lists (see `PinBlocklist.swift` for the source and licence); the patterns
    /// above already refuse most common PINs, so the list holds those they miss.
    public static var commonPINs: [String] { PinBlocklist.allPINs }

    /// The first rule of this set that refuses `digits`, in the order repeated, sequence,
    /// pair, year, date, keypad, common; `nil` when every rule in the set passes.
    ///
    /// Fewer than two digits form neither a repeat nor a run, so they pass those two rules;
    /// pairs, keypad patterns, years and dates are defined for 4 and 6 digits only.
    public func rejection(for digits: PinDigits) -> PinRejection? {
        if contains(.repeatedDigits), WeakPinRules.isRepeated(digits) { return .repeatedDigits }
        if contains(.sequence), WeakPinRules.isSequence(digits) { return .sequence }
        if contains(.pair), PinPatterns.isPairPattern(digits) { return .pair }
        if contains(.year), PinPatterns.isYear(digits) { return .year }
        if contains(.date), PinPatterns.isDate(digits) { return .date }
        if contains(.keypad), PinPatterns.isKeypadPattern(digits) { return .keypadPattern }
        if contains(.common), PinBlocklist.contains(digits) { return .tooCommon }
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

    private static func hasConstantStep(_ digits: PinDigits, step: Int) -> Bool {
        guard digits.count >= 2 else { return false }
        for index in 1..<digits.count where Int(digits[index]) - Int(digits[index - 1]) != step {
            return false
        }
        return true
    }
}
