/// How much work a pattern rule may do on one value before it stops and says the value is too
/// hard to check.
///
/// A pattern is a regular expression, and ICU's engine backtracks: a pattern such as
/// `(\d+)+[A-Z]` takes time exponential in the length of a value it does not match (1.4 s for
/// 30 digits, longer for each digit more). A form's designer, or a form file, chooses the
/// pattern, and the rule runs at every change of the field and for every imported row, so its
/// work is bounded: the engine reports its progress every 10,000 of its steps, and the check
/// stops after `reports` of them.
///
/// ```swift
/// .pattern("[0-9]{5}", message: "Enter 5 digits", budget: PatternBudget(reports: 50))
/// ```
public struct PatternBudget: Sendable, Hashable {
    /// The most progress reports (of some 10,000 engine steps each) one check may take.
    public var reports: Int

    /// A budget of `reports` progress reports of ICU's engine (0 stops at the first report).
    public init(reports: Int) {
        self.reports = max(0, reports)
    }

    /// The budget of every pattern rule unless another is given: 20 reports, about 200,000
    /// steps — some 3 ms. A plain pattern takes about a step a character (`[a-z ]+` reports 7
    /// times on 70,000 characters it does not match), so it checks any value a field holds well
    /// within it; a catastrophic one gives up after it, so a keystroke never waits longer, nor
    /// an import's slice of 100 rows (checked between two frames) more than some 0.3 s.
    public static let standard = PatternBudget(reports: 20)
}
