import Glibc
import PinCode

/// `pinform-bench pins`: how much of real PIN choices the default rules refuse, and how often
/// an attacker who knows the rules, guessing the most common allowed PINs first, succeeds.
///
/// The data are the lists published with Markert et al., "This PIN Can Be Easily Guessed"
/// (IEEE S&P 2020), in `../shared/data/pins/` (or `--pin-data DIR`). Only the paper's
/// data-driven lists are ordered by frequency, and they carry no counts, so the choices are
/// modelled: the PIN of rank r (from 1) is chosen with weight r^-s, and the PINs not on the
/// list share the rest of that curve evenly. s is fitted so that the 10 most common 4-digit PINs
/// are 16.6% of choices (the leak, no rules); a flatter s = 0.7 is shown as a check.
///
/// Never measured on what the rules were built from: the ranked list is split into its even and
/// odd ranks; the rules are built from one half (the patterns, iOS's list, and the half's most
/// frequent PINs up to the budget, exactly as the shipped list is built from the whole), and
/// the attacker is measured on the other half plus the unlisted PINs; both ways, then averaged.
/// A PIN of the measured half can only be refused by a pattern or by iOS's list, so the figure
/// is what the rules generalise to, not what they memorised.
enum PinsBenchmark {
    /// How many PINs of each length the shipped rules refuse at most (patterns and list).
    static let budget = [4: 1_150, 6: 66_000]
    /// The attacker's numbers of guesses.
    static let guesses = [10, 30, 100]

    /// The lists of the paper, one length.
    struct Lists {
        let length: Int
        /// The data-driven list, most frequent first.
        let ranked: [Int]
        /// iOS's list.
        let iOS: Set<Int>
        var space: Int { length == 4 ? 10_000 : 1_000_000 }
    }

    /// One set of rules measured on one distribution.
    struct Measure {
        let refusedSpace: Int
        let refusedChoices: Double
        let success: [Double]
    }

    // MARK: Data

    /// The folder of the lists: `--pin-data DIR`, `PINFORM_PIN_DATA`, or `../shared/data/pins`
    /// from the repository or its worktree folder.
    static func dataFolder(arguments: [String]) -> String? {
        var candidates: [String] = []
        if let index = arguments.firstIndex(of: "--pin-data"), index + 1 < arguments.count {
            candidates.append(arguments[index + 1])
        }
        if let value = getenv("PINFORM_PIN_DATA") { candidates.append(String(cString: value)) }
        candidates += ["../shared/data/pins", "../../shared/data/pins", "/work/shared/data/pins"]
        return candidates.first { access($0 + "/iOS-4-digit.txt", R_OK) == 0 }
    }

    /// The PINs of a file, one a line, in order; gzip files through `gzip -dc`.
    static func readPINs(_ path: String) -> [Int] {
        let gzip = path.hasSuffix(".gz")
        guard let file = gzip ? popen("gzip -dc '\(path)'", "r") : fopen(path, "r") else { return [] }
        defer { if gzip { pclose(file) } else { fclose(file) } }
        var pins: [Int] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line).filter(\.isNumber)
            if let value = Int(text), !text.isEmpty { pins.append(value) }
        }
        free(line)
        return pins
    }

    static func lists(folder: String) -> (four: Lists, six: Lists) {
        (Lists(length: 4, ranked: readPINs(folder + "/DD-4-digit-2740.txt"), iOS: Set(readPINs(folder + "/iOS-4-digit.txt"))),
         Lists(length: 6, ranked: readPINs(folder + "/DD-6-digit-291000.txt.gz"), iOS: Set(readPINs(folder + "/iOS-6-digit.txt"))))
    }

    static func text(_ value: Int, length: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: length - digits.count) + digits
    }

    /// Which PINs of the whole space a rule set refuses.
    static func refused(by rules: WeakPinRules, length: Int) -> [Bool] {
        (0..<(length == 4 ? 10_000 : 1_000_000)).map { rules.rejection(for: text($0, length: length)) != nil }
    }

    /// The rules before issue 24: repeats, runs and the 48 listed PINs of the old `standard`.
    static let oldList: Set<Int> = Set([
        "1212", "1004", "2000", "6969", "1122", "1313", "2001", "1010", "1221", "2112", "5683", "0101", "1000", "2020",
        "2580", "0852", "1470", "0741", "3690", "0963", "1397", "7931", "1379", "9731",
        "123123", "121212", "112233", "123321", "696969", "131313", "520520", "101010", "102030", "123654", "112211",
        "252525", "111222", "000111", "202020", "100200", "110110", "111000", "147147", "159159", "789789",
        "159753", "147258", "258369", "789456", "147852", "258456", "159357", "369258", "741852", "852963", "963852",
        "456123", "741963", "321654",
    ].compactMap { Int($0) })

    // MARK: Building

    /// The list that goes with the patterns: iOS's list, then the most frequent PINs of `ranked`
    /// that nothing refuses yet, until patterns and list refuse `budget` PINs.
    static func buildList(patterns: [Bool], iOS: Set<Int>, ranked: [Int], budget: Int) -> Set<Int> {
        var listed = Set(iOS.filter { !patterns[$0] })
        var total = patterns.lazy.filter { $0 }.count + listed.count
        for pin in ranked where total < budget && !patterns[pin] && !listed.contains(pin) {
            listed.insert(pin)
            total += 1
        }
        return listed
    }

    // MARK: Measuring

    /// Weights r^-s over ranks 1...space.
    static func curve(exponent: Double, space: Int) -> [Double] {
        (1...space).map { pow(Double($0), -exponent) }
    }

    /// The exponent for which the first 10 of 10,000 ranks hold `share` of the weight.
    static func fittedExponent(topTenShare share: Double) -> Double {
        var low = 0.1, high = 2.0
        for _ in 0..<50 {
            let middle = (low + high) / 2
            let weights = curve(exponent: middle, space: 10_000)
            let top = weights.prefix(10).reduce(0, +) / weights.reduce(0, +)
            if top < share { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// The modelled choices of the PINs of `ranks` (positions in `lists.ranked`) plus every
    /// unlisted PIN: pin → weight.
    static func distribution(_ lists: Lists, ranks: [Int], exponent: Double) -> [Int: Double] {
        let weights = curve(exponent: exponent, space: lists.space)
        let tail = weights[lists.ranked.count...].reduce(0, +) / Double(lists.space - lists.ranked.count)
        var result: [Int: Double] = [:]
        result.reserveCapacity(lists.space)
        let listed = Set(lists.ranked)
        for pin in 0..<lists.space where !listed.contains(pin) { result[pin] = tail }
        for rank in ranks { result[lists.ranked[rank]] = weights[rank] }
        return result
    }

    static func measure(_ isRefused: (Int) -> Bool, space: Int, on choices: [Int: Double]) -> Measure {
        let total = choices.values.reduce(0, +)
        var refusedWeight = 0.0
        var allowed: [Double] = []
        allowed.reserveCapacity(choices.count)
        for (pin, weight) in choices {
            if isRefused(pin) { refusedWeight += weight } else { allowed.append(weight) }
        }
        allowed.sort(by: >)
        let success = guesses.map { allowed.prefix($0).reduce(0, +) / total }
        let refusedSpace = (0..<space).lazy.filter(isRefused).count
        return Measure(refusedSpace: refusedSpace, refusedChoices: refusedWeight / total, success: success)
    }

    static func percent(_ value: Double) -> String { Format.fixed(value * 100, 2) + "%" }

    // MARK: Running

    /// Prints the tables and returns the goals; `nil` when the lists are not found.
    static func run(arguments: [String]) -> [Goal]? {
        guard let folder = dataFolder(arguments: arguments) else {
            print("pins: the lists of ../shared/data/pins were not found (--pin-data DIR)")
            return nil
        }
        let (four, six) = lists(folder: folder)
        let exponent = fittedExponent(topTenShare: 0.166)
        var goals: [Goal] = []
        for lists in [four, six] {
            let space = lists.space
            let patterns = refused(by: .patterns, length: lists.length)
            let standard = refused(by: .standard, length: lists.length)
            let original = refused(by: .original, length: lists.length)
            var table = Table("pins: \(lists.length) digits, attacker guessing the most common allowed PINs first",
                              columns: ["rules", "model s", "measured on", "refused of space", "real choices refused"]
                                  + guesses.map { "\($0) guesses" })
            var after: [[Double]] = []
            var means: [String: (space: Double, refused: Double, success: [Double], halves: Int)] = [:]
            var order: [String] = []
            for (s, label) in [(exponent, "fitted"), (0.7, "flat")] {
                for fold in 0..<2 {
                    let build = lists.ranked.indices.filter { $0 % 2 == fold }.map { lists.ranked[$0] }
                    let test = lists.ranked.indices.filter { $0 % 2 != fold }
                    let choices = distribution(lists, ranks: test, exponent: s)
                    let listed = buildList(patterns: patterns, iOS: lists.iOS, ranked: build, budget: budget[lists.length]!)
                    let half = fold == 0 ? "ranks 2, 4, 6…" : "ranks 1, 3, 5…"
                    let rows: [(String, (Int) -> Bool)] = [
                        ("none", { _ in false }),
                        ("before: runs, repeats, 48 listed", { original[$0] || oldList.contains($0) }),
                        ("iOS's list (\(lists.iOS.count))", { lists.iOS.contains($0) }),
                        ("after: patterns only", { patterns[$0] }),
                        ("after: patterns + list from the other half", { patterns[$0] || listed.contains($0) }),
                    ]
                    for (name, rule) in rows {
                        let result = measure(rule, space: space, on: choices)
                        table.add([name, label + " " + Format.fixed(s, 3), half,
                                   percent(Double(result.refusedSpace) / Double(space)), percent(result.refusedChoices)]
                                  + result.success.map(percent))
                        if name.hasPrefix("after: patterns +"), label == "fitted" { after.append(result.success) }
                        if label == "fitted" {
                            if means[name] == nil { order.append(name) }
                            let old = means[name] ?? (0, 0, [0, 0, 0], 0)
                            means[name] = (old.space + Double(result.refusedSpace) / Double(space), old.refused + result.refusedChoices,
                                           zip(old.success, result.success).map { $0 + $1 }, old.halves + 1)
                        }
                    }
                }
            }
            let mean = guesses.indices.map { index in after.map { $0[index] }.reduce(0, +) / Double(after.count) }
            let worst = guesses.indices.map { index in after.map { $0[index] }.max() ?? 0 }
            let shipped = standard.lazy.filter { $0 }.count
            let iOSRefused = lists.iOS.filter { standard[$0] }.count
            let iOSByPatterns = lists.iOS.filter { patterns[$0] }.count
            table.note("Data: \(folder) — \(lists.ranked.count) ranked PINs (the paper's data-driven list) and iOS's \(lists.iOS.count).")
            table.note("Choices modelled as weight rank^-s over the ranked list, unlisted PINs sharing the rest evenly;")
            table.note("s fitted so that the 10 most common of 10,000 4-digit PINs are 16.6% (the issue's leak, no rules)"
                       + (lists.length == 6 ? "; the same s for 6 digits (no 6-digit anchor)." : "."))
            table.note("Each rule set is measured on one half of the ranked list (its even or its odd ranks) plus the unlisted PINs;")
            table.note("\"after\" rules are built from the other half (patterns, iOS's list, the half's most frequent PINs).")
            table.note("After, fitted s, mean of the halves: " + mean.map(percent).joined(separator: " / ")
                       + " at " + guesses.map(String.init).joined(separator: "/") + " guesses (worst half "
                       + worst.map(percent).joined(separator: " / ") + ").")
            table.note("Shipped rules (patterns + list from the whole ranked list): refuse \(Format.grouped(shipped)) of "
                       + "\(Format.grouped(space)) (\(percent(Double(shipped) / Double(space)))); iOS's list: "
                       + "\(iOSRefused) of \(lists.iOS.count) refused, \(iOSByPatterns) by the patterns alone.")
            table.print()
            var summary = Table("pins: \(lists.length) digits, mean of the two halves (fitted s)",
                                columns: ["rules", "refused of space", "real choices refused"] + guesses.map { "\($0) guesses" })
            for name in order {
                let mean = means[name]!
                let n = Double(mean.halves)
                summary.add([name, percent(mean.space / n), percent(mean.refused / n)] + mean.success.map { percent($0 / n) })
            }
            summary.print()
            let limit = lists.length == 4 ? 0.115 : 0.11
            goals.append(Goal(name: "pins \(lists.length) space", target: "refuse at most about 11% of \(lists.length)-digit PINs",
                              figure: percent(Double(shipped) / Double(space)), passed: Double(shipped) / Double(space) <= limit))
            if lists.length == 4 {
                goals.append(Goal(name: "pins 4 attacker", target: "10 guesses succeed at most 1.5% (each half and their mean)",
                                  figure: percent(mean[0]) + " (worst half " + percent(worst[0]) + "; 30: "
                                      + percent(mean[1]) + ", 100: " + percent(mean[2]) + ")",
                                  passed: mean[0] <= 0.015 && worst[0] <= 0.015))
            } else {
                goals.append(Goal(name: "pins 6 iOS", target: "every PIN of iOS's 6-digit list refused",
                                  figure: "\(iOSRefused) of \(lists.iOS.count)", passed: iOSRefused == lists.iOS.count))
            }
        }
        return goals
    }

    // MARK: Generating the shipped list

    /// Writes `PinBlocklist+Data.swift`: the list built from the whole ranked lists.
    static func writeBlocklist(to path: String, arguments: [String]) -> Bool {
        guard let folder = dataFolder(arguments: arguments) else {
            print("pins: the lists of ../shared/data/pins were not found (--pin-data DIR)")
            return false
        }
        let (four, six) = lists(folder: folder)
        func listed(_ lists: Lists) -> [Int] {
            let patterns = refused(by: .patterns, length: lists.length)
            return buildList(patterns: patterns, iOS: lists.iOS, ranked: lists.ranked, budget: budget[lists.length]!).sorted()
        }
        let fourListed = listed(four), sixListed = listed(six)
        var words = [UInt64](repeating: 0, count: 157)
        for pin in fourListed { words[pin / 64] |= 1 << UInt64(pin % 64) }
        var source = """
        // Generated by `pinform-bench pins --write-blocklist Sources/PinCode/PinBlocklist+Data.swift`; do not edit.
        //
        // Source: the lists published with Philipp Markert, Daniel V. Bailey, Maximilian Golla,
        // Markus Dürmuth and Adam J. Aviv, "This PIN Can Be Easily Guessed: Analyzing the Security
        // of Smartphone Unlock PINs", IEEE Symposium on Security and Privacy 2020, on the paper's
        // website (this-pin-can-be-easily-guessed.github.io, folder media/): iOS-4-digit.txt (274),
        // iOS-6-digit.txt (2,910), DD-4-digit-2740.txt and DD-6-digit-291000.txt (most frequent first).
        // Licence: none is named in the copy this was generated from (../shared/data/pins/README.md);
        // the lists are published research data, used here as facts (which PINs are common).
        // The merger should confirm the terms with the authors before a release.
        //
        // What is here: every iOS PIN that WeakPinRules.patterns does not already refuse, then the
        // most frequent PINs of the data-driven lists that nothing refuses yet, until patterns and
        // list refuse \(budget[4]!) 4-digit and \(budget[6]!) 6-digit PINs.
        // \(fourListed.count) 4-digit PINs (a bitset over 0000-9999) and \(sixListed.count) 6-digit PINs (ascending).
        extension PinBlocklist {
            /// Bit `n % 64` of word `n / 64` is set when the 4-digit PIN `n` is listed.
            static let fourDigitWords: [UInt64] = [

        """
        for start in stride(from: 0, to: words.count, by: 4) {
            source += "        " + words[start..<min(start + 4, words.count)].map { "0x" + hex($0) + "," }.joined(separator: " ") + "\n"
        }
        source += "    ]\n\n    /// The listed 6-digit PINs, ascending, 20 a line.\n    static let sixDigitText = \"\"\"\n"
        for start in stride(from: 0, to: sixListed.count, by: 20) {
            source += "        " + sixListed[start..<min(start + 20, sixListed.count)].map { text($0, length: 6) }.joined() + "\n"
        }
        source += "        \"\"\"\n}\n"
        guard let file = fopen(path, "w") else { return false }
        fputs(source, file)
        fclose(file)
        print("pins: wrote \(path): \(fourListed.count) 4-digit and \(sixListed.count) 6-digit PINs")
        return true
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
