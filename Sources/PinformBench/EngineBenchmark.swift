// `pinform-bench engine`: the state engine against a hand-written switch making the same
// assignments, on one pseudo-random walk of state changes, with heap allocations counted.
//
// Both sides flip the same factor at each step (highlighted, enabled, selected, focused or one
// of three application bits) and then style four stored properties of a class instance. The
// switch assigns all four every time, as one writes it by hand; the engine writes only those
// whose winning value changed. The two are checked to agree after every step of the first
// 100,000 before anything is timed, and the final checksums must match.
import CAllocCounter
import ControlState

/// Measures the state engine side by side with a hand-written switch.
enum EngineBenchmark {
    /// Timed rounds per side.
    static let rounds = 5

    /// The figures of one configuration.
    struct Result {
        let title: String
        let changes: Int
        let engineNanosecondsPerChange: Double
        let switchNanosecondsPerChange: Double
        let allocationsPerChange: Double
        let engineAllocations: UInt64
        let switchAllocations: UInt64
        let disagreement: Int?
        let checked: Int
        let checksumsMatch: Bool

        var ratio: Double { engineNanosecondsPerChange / max(switchNanosecondsPerChange, .leastNonzeroMagnitude) }
    }

    /// Runs both over `changes` state changes: once with the values bound on the control's own
    /// properties (as a PIN control styles itself), once on a separate, weakly held object.
    static func run(changes: Int = 1_000_000) -> [Result] {
        let walk = Walk.make(steps: changes, seed: 0x5EED_0001)
        return [
            measure(walk: walk, stylesItself: true, title: "values on the control's own properties"),
            measure(walk: walk, stylesItself: false, title: "values on a separate, weakly held object"),
        ]
    }

    static func table(_ results: [Result]) -> Table {
        let changes = results.first?.changes ?? 0
        var table = Table("engine: \(Format.grouped(changes)) state changes, 4 key paths x 8 descriptors, same walk for both,"
                            + " best of \(rounds) alternating rounds",
                          columns: ["bound values", "engine ns/change", "switch ns/change", "ratio", "allocs/change"])
        for result in results {
            table.add([result.title, Format.fixed(result.engineNanosecondsPerChange, 2),
                       Format.fixed(result.switchNanosecondsPerChange, 2), Format.ratio(result.ratio),
                       Format.fixed(result.allocationsPerChange, 4)])
        }
        for result in results {
            table.note(result.title + ": "
                + (result.disagreement.map { "DIFFERS at step \($0)" } ?? "same values after each of \(Format.grouped(result.checked)) steps")
                + (result.checksumsMatch ? ", checksums match" : ", checksums DIFFER")
                + "; allocations \(result.engineAllocations) (engine), \(result.switchAllocations) (switch)")
        }
        table.note("The switch assigns all four properties each time; the engine writes only those whose winner changed.")
        return table
    }

    private static func measure(walk: [UInt8], stylesItself: Bool, title: String) -> Result {
        let changes = walk.count
        // The two must agree after every step before their speed means anything.
        let checked = min(changes, 100_000)
        let disagreement = firstDisagreement(walk: walk, steps: checked, stylesItself: stylesItself)

        // Warm both up on the same walk so that neither pays first-touch costs in the timing.
        _ = runEngine(walk: walk, steps: min(changes, 10_000), stylesItself: stylesItself)
        _ = runSwitch(walk: walk, steps: min(changes, 10_000), stylesItself: stylesItself)

        // Alternating rounds, best of each: the machine is shared, and a slow round says
        // more about the neighbours than about the code.
        var engine = runEngine(walk: walk, steps: changes, stylesItself: stylesItself)
        var handWritten = runSwitch(walk: walk, steps: changes, stylesItself: stylesItself)
        for _ in 1..<rounds {
            let engineRound = runEngine(walk: walk, steps: changes, stylesItself: stylesItself)
            let switchRound = runSwitch(walk: walk, steps: changes, stylesItself: stylesItself)
            if engineRound.duration < engine.duration { engine = engineRound }
            if switchRound.duration < handWritten.duration { handWritten = switchRound }
        }
        return Result(
            title: title, changes: changes,
            engineNanosecondsPerChange: engine.duration.milliseconds * 1e6 / Double(changes),
            switchNanosecondsPerChange: handWritten.duration.milliseconds * 1e6 / Double(changes),
            allocationsPerChange: Double(engine.allocations) / Double(changes),
            engineAllocations: engine.allocations, switchAllocations: handWritten.allocations,
            disagreement: disagreement, checked: checked,
            checksumsMatch: engine.checksum == handWritten.checksum)
    }

    /// Runs one side only, for profiling: `engine` or `switch`, on the control's own
    /// properties or on a separate object.
    static func profile(side: String, stylesItself: Bool, changes: Int) -> String {
        let walk = Walk.make(steps: changes, seed: 0x5EED_0001)
        let outcome = side == "switch"
            ? runSwitch(walk: walk, steps: changes, stylesItself: stylesItself)
            : runEngine(walk: walk, steps: changes, stylesItself: stylesItself)
        return "\(side) \(Format.fixed(outcome.duration.milliseconds)) ms, checksum \(outcome.checksum)"
    }

    private struct Outcome {
        let duration: Duration
        let allocations: UInt64
        let checksum: UInt64
    }

    private static func runEngine(walk: [UInt8], steps: Int, stylesItself: Bool) -> Outcome {
        let control = BenchControl(stylesItself: stylesItself, item: StyledItem())
        let clock = ContinuousClock()
        let allocationsBefore = pinform_allocation_count()
        let start = clock.now
        for index in 0..<steps {
            control.flip(walk[index])
        }
        let duration = clock.now - start
        let allocations = pinform_allocation_count() - allocationsBefore
        return Outcome(duration: duration, allocations: allocations, checksum: control.styled.checksum)
    }

    private static func runSwitch(walk: [UInt8], steps: Int, stylesItself: Bool) -> Outcome {
        let control = SwitchControl(stylesItself: stylesItself, item: StyledItem())
        let clock = ContinuousClock()
        let allocationsBefore = pinform_allocation_count()
        let start = clock.now
        for index in 0..<steps {
            control.flip(walk[index])
        }
        let duration = clock.now - start
        let allocations = pinform_allocation_count() - allocationsBefore
        return Outcome(duration: duration, allocations: allocations, checksum: control.styled.checksum)
    }

    private static func firstDisagreement(walk: [UInt8], steps: Int, stylesItself: Bool) -> Int? {
        let engine = BenchControl(stylesItself: stylesItself, item: StyledItem())
        let handWritten = SwitchControl(stylesItself: stylesItself, item: StyledItem())
        guard engine.styled.hasSameStyle(as: handWritten.styled) else { return 0 }
        for index in 0..<steps {
            engine.flip(walk[index])
            handWritten.flip(walk[index])
            if !engine.styled.hasSameStyle(as: handWritten.styled) {
                return index + 1
            }
        }
        return nil
    }
}
