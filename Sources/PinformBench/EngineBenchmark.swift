// `pinform-bench engine`: the state engine against a hand-written switch making the same
// assignments, on one pseudo-random walk of state changes, with heap allocations counted.
//
// Both sides flip the same factor at each step (highlighted, enabled, selected, focused or one
// of three application bits) and then style four values: on the value-typed path the fields of
// the control's own style struct (`StyledControl`, written through `WritableKeyPath`), on the
// object path four stored properties of a separate, weakly held object (written through
// `ReferenceWritableKeyPath`). The switch assigns all four every time, as one writes it by
// hand; on the value-typed path the engine assigns the whole style it cached for the new state
// (the same four fields), on the object path it writes only the values whose winner changed.
// The two are checked to agree after every step of the first 100,000 before anything is timed,
// and the final checksums must match.
import CAllocCounter
import ControlState

/// Measures the state engine side by side with a hand-written switch.
enum EngineBenchmark {
    /// Timed rounds per side, alternating; the best of each counts. Timed in the thread's CPU
    /// time, so that the time the machine's other jobs take the core from it does not count.
    static let rounds = 11

    /// Where the styled values live.
    enum Path: CaseIterable {
        case valueTyped, object

        var title: String {
            switch self {
            case .valueTyped: "the control's own style struct (value-typed path)"
            case .object: "a separate, weakly held object (object path)"
            }
        }
    }

    /// The figures of one path.
    struct Result {
        let path: Path
        let changes: Int
        let engineNanosecondsPerChange: Double
        let switchNanosecondsPerChange: Double
        let allocationsPerChange: Double
        let engineAllocations: UInt64
        let switchAllocations: UInt64
        let disagreement: Int?
        let checked: Int
        let checksumsMatch: Bool
        /// How many of the four values change per state change on the walk.
        let changedValuesPerChange: Double

        var ratio: Double { engineNanosecondsPerChange / max(switchNanosecondsPerChange, .leastNonzeroMagnitude) }
        var agrees: Bool { disagreement == nil && checksumsMatch }
    }

    /// Runs both paths over `changes` state changes of the same walk.
    static func run(changes: Int = 1_000_000) -> [Result] {
        let walk = Walk.make(steps: changes, seed: 0x5EED_0001)
        return Path.allCases.map { measure(walk: walk, path: $0) }
    }

    static func table(_ results: [Result]) -> Table {
        let changes = results.first?.changes ?? 0
        var table = Table("engine: \(Format.grouped(changes)) state changes, 4 values x 8 descriptors, same walk for all,"
                            + " best of \(rounds) alternating rounds, thread CPU time",
                          columns: ["bound values on", "engine ns/change", "switch ns/change", "ratio", "allocs/change",
                                    "values changed/change"])
        for result in results {
            table.add([result.path.title, Format.fixed(result.engineNanosecondsPerChange, 2),
                       Format.fixed(result.switchNanosecondsPerChange, 2), Format.ratio(result.ratio),
                       Format.fixed(result.allocationsPerChange, 4), Format.fixed(result.changedValuesPerChange, 4)])
        }
        for result in results {
            table.note(result.path.title + ": "
                + (result.disagreement.map { "DIFFERS at step \($0)" } ?? "same values after each of \(Format.grouped(result.checked)) steps")
                + (result.checksumsMatch ? ", checksums match" : ", checksums DIFFER")
                + "; allocations \(result.engineAllocations) (engine), \(result.switchAllocations) (switch)")
        }
        table.note("The switch assigns all four values each time. Value-typed path: the engine assigns its cached style of the"
                       + " new state (all four fields; a state seen first is written field by field, once). Object path: it"
                       + " writes only the values whose winner changed.")
        table.note("The object path pays the Swift runtime's allocation per write through a class's key path:"
                       + " at most one per changed value.")
        return table
    }

    private static func measure(walk: [UInt8], path: Path) -> Result {
        let changes = walk.count
        // The two must agree after every step before their speed means anything.
        let checked = min(changes, 100_000)
        let disagreement = firstDisagreement(walk: walk, steps: checked, path: path)

        // Warm both up on the same walk so that neither pays first-touch costs in the timing.
        _ = runEngine(walk: walk, steps: min(changes, 10_000), path: path)
        _ = runSwitch(walk: walk, steps: min(changes, 10_000), path: path)

        // Alternating rounds, best of each: the machine is shared, and a slow round says
        // more about the neighbours than about the code.
        var engine = runEngine(walk: walk, steps: changes, path: path)
        var handWritten = runSwitch(walk: walk, steps: changes, path: path)
        for _ in 1..<rounds {
            let engineRound = runEngine(walk: walk, steps: changes, path: path)
            let switchRound = runSwitch(walk: walk, steps: changes, path: path)
            if engineRound.duration < engine.duration { engine = engineRound }
            if switchRound.duration < handWritten.duration { handWritten = switchRound }
        }
        return Result(
            path: path, changes: changes,
            engineNanosecondsPerChange: engine.duration / Double(changes),
            switchNanosecondsPerChange: handWritten.duration / Double(changes),
            allocationsPerChange: Double(engine.allocations) / Double(changes),
            engineAllocations: engine.allocations, switchAllocations: handWritten.allocations,
            disagreement: disagreement, checked: checked,
            checksumsMatch: engine.checksum == handWritten.checksum,
            changedValuesPerChange: Double(changedValues(walk: walk)) / Double(changes))
    }

    /// Runs one side only, for profiling: `engine` or `switch`, on one path.
    static func profile(side: String, path: Path, changes: Int) -> String {
        let walk = Walk.make(steps: changes, seed: 0x5EED_0001)
        let outcome = side == "switch"
            ? runSwitch(walk: walk, steps: changes, path: path)
            : runEngine(walk: walk, steps: changes, path: path)
        return "\(side) \(Format.fixed(outcome.duration / 1e6)) ms, checksum \(outcome.checksum)"
    }

    private struct Outcome {
        /// Nanoseconds of the thread's CPU time.
        let duration: Double
        let allocations: UInt64
        let checksum: UInt64
    }

    private static func runEngine(walk: [UInt8], steps: Int, path: Path) -> Outcome {
        let item = StyledItem()
        switch path {
        case .valueTyped: return run(StyledBenchControl(), walk: walk, steps: steps)
        case .object: return withExtendedLifetime(item) { run(ObjectBenchControl(item: item), walk: walk, steps: steps) }
        }
    }

    private static func runSwitch(walk: [UInt8], steps: Int, path: Path) -> Outcome {
        run(SwitchControl(item: path == .object ? StyledItem() : nil), walk: walk, steps: steps)
    }

    private static func run<Subject: BenchSubject>(_ subject: Subject, walk: [UInt8], steps: Int) -> Outcome {
        let allocationsBefore = pinform_allocation_count()
        let start = Clock.threadCPU()
        for index in 0..<steps {
            subject.flip(walk[index])
        }
        let duration = Clock.threadCPU() - start
        let allocations = pinform_allocation_count() - allocationsBefore
        return Outcome(duration: duration, allocations: allocations, checksum: subject.shown.checksum)
    }

    /// How many values change over the walk, by the switch (which is checked against the engine).
    private static func changedValues(walk: [UInt8]) -> Int {
        let control = SwitchControl(item: nil)
        var changed = 0
        for step in walk {
            let before = control.shown
            control.flip(step)
            let after = control.shown
            changed += [before.fill != after.fill, before.border != after.border,
                        before.width != after.width, before.title != after.title].filter { $0 }.count
        }
        return changed
    }

    private static func firstDisagreement(walk: [UInt8], steps: Int, path: Path) -> Int? {
        let item = StyledItem()
        let engine: any BenchSubject = path == .object ? ObjectBenchControl(item: item) : StyledBenchControl()
        let handWritten = SwitchControl(item: path == .object ? StyledItem() : nil)
        guard engine.shown == handWritten.shown else { return 0 }
        for index in 0..<steps {
            engine.flip(walk[index])
            handWritten.flip(walk[index])
            if engine.shown != handWritten.shown {
                return index + 1
            }
        }
        return withExtendedLifetime(item) { nil }
    }
}
