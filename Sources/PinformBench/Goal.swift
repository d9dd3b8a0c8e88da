/// One of the goals and how this run did against it.
struct Goal {
    /// What is measured ("startup").
    let name: String
    /// The goal in words ("at most 1.05x the C program").
    let target: String
    /// The figure that decides it ("1.04x (412 ms vs 396 ms)").
    let figure: String
    let passed: Bool

    var verdict: String { passed ? "PASS" : "MISS" }
}
