import Foundation

/// Whether a whole text matches a regular expression, found within a ``PatternBudget``.
enum PatternMatch: Equatable {
    case matches
    case doesNotMatch
    /// The engine used up the budget before it knew.
    case tooHardToCheck

    /// Matches `text` against `expression` (anchored at both ends by the caller), stopping the
    /// engine when it has reported its progress more than `budget.reports` times.
    static func wholeText(_ text: String, by expression: NSRegularExpression, budget: PatternBudget) -> PatternMatch {
        let range = NSRange(location: 0, length: text.utf16.count)
        var reports = 0
        var isStopped = false
        var isFound = false
        // `.reportProgress` makes ICU call back every 10,000 steps of its engine
        // (`uregex_setMatchCallback`); setting `stop` there ends the match. The only `unsafe`
        // of this module: Foundation hands the block its `stop` flag as a pointer, valid while
        // the block runs, and the block only writes it — no other API stops ICU's matcher.
        unsafe expression.enumerateMatches(in: text, options: [.reportProgress], range: range) { result, flags, stop in
            if result != nil {
                isFound = true
                unsafe stop.pointee = true
            } else if flags.contains(.progress) {
                reports += 1
                if reports > budget.reports {
                    isStopped = true
                    unsafe stop.pointee = true
                }
            }
        }
        if isFound { return .matches }
        return isStopped ? .tooHardToCheck : .doesNotMatch
    }
}
