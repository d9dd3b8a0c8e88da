// pinform-bench [startup|memory|engine|forms|entry|keystroke|records|longnote|team|tpm|unlock|pins|all] [--runs N] [--presses N] [--changes N]
//
// Every figure is taken side by side with its reference in the same run; see docs/benchmarks.md.
import Glibc

let sectionNames = ["startup", "memory", "engine", "forms", "entry", "keystroke", "records", "longnote", "team", "tpm", "unlock", "pins", "all"]
let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "pins", let index = arguments.firstIndex(of: "--write-blocklist"), index + 1 < arguments.count {
    // pinform-bench pins --write-blocklist FILE [--pin-data DIR]: generate the shipped list of common PINs.
    exit(PinsBenchmark.writeBlocklist(to: arguments[index + 1], arguments: arguments) ? 0 : 1)
}
if arguments.first == "engine-profile" {
    // pinform-bench engine-profile engine|switch value|object [changes]: one side alone, for a profiler.
    let side = arguments.dropFirst().first ?? "engine"
    let path: EngineBenchmark.Path = arguments.dropFirst(2).first == "object" ? .object : .valueTyped
    let changes = arguments.compactMap { Int($0) }.first ?? 1_000_000
    print(EngineBenchmark.profile(side: side, path: path, changes: changes))
    exit(0)
}
if arguments.first == "forms-profile" {
    // pinform-bench forms-profile stored|closure|element FIELDS: resolve ~1,000,000 fields for a profiler.
    let binding: FormsBenchmark.Binding = switch arguments.dropFirst().first {
    case "closure": .closureIntoArray
    case "element": .arrayElementKeyPath
    default: .storedKeyPath
    }
    let fields = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 10_000
    print(FormsBenchmark.profile(binding, fields: fields, total: 1_000_000))
    exit(0)
}

func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
          let number = Int(arguments[index + 1]), number > 0 else { return value }
    return number
}

if arguments.first == "keystroke-window", let renderer = arguments.dropFirst().first.flatMap(KeystrokeBenchmark.Renderer.init) {
    // pinform-bench keystroke-window cairo|gl [--presses N]: the keystroke benchmark in this process,
    // under GSK_RENDERER set to the same renderer by `pinform-bench keystroke`; prints its result as JSON.
    let result = MainActor.assumeIsolated { KeystrokeBenchmark.run(presses: option("--presses", default: 1000), renderer: renderer) }
    print(result.json)
    exit(0)
}

var requested = Set(arguments.filter { sectionNames.contains($0) })
let unknown = arguments.enumerated().filter { index, argument in
    !sectionNames.contains(argument) && !argument.hasPrefix("--")
        && !(index > 0 && arguments[index - 1].hasPrefix("--"))
}
if !unknown.isEmpty || arguments.contains("--help") {
    print("usage: pinform-bench [startup|memory|engine|forms|entry|keystroke|records|longnote|team|tpm|unlock|pins|all]... "
        + "[--runs N (startup, default 12)] [--presses N (keystroke, default 1000)] [--changes N (engine, default 1000000)] [--pin-data DIR (pins)]")
    exit(unknown.isEmpty ? 0 : 2)
}
if requested.isEmpty || requested.contains("all") {
    requested = Set(sectionNames.filter { $0 != "all" })
}
if !requested.isDisjoint(with: ["startup", "memory", "keystroke", "forms", "entry", "longnote"]) {
    DisplaySession.ensure(arguments: arguments)
}

print("pinform-bench \(requested.count == sectionNames.count - 1 ? "all" : sectionNames.filter(requested.contains).joined(separator: " "))")
print("date:    \(Machine.date)")
print("machine: \(Machine.cores) cores, \(Machine.processor)")
print("load:    \(Machine.load) (1, 5, 15 min) at the start")
print("platform: \(Machine.platform)")
#if DEBUG
print("WARNING: a debug build; figures are only meaningful from `swift build -c release`.")
#endif

var goals: [Goal] = []

if !requested.isDisjoint(with: ["startup", "memory"]) {
    let runs = max(10, option("--runs", default: 12))
    if let result = StartupBenchmark.run(runs: runs), !result.app.startup.isEmpty, !result.anchor.startup.isEmpty {
        if requested.contains("startup") {
            StartupBenchmark.startupTable(result).print()
            goals.append(Goal(name: "startup", target: "at most 1.05x the C program",
                              figure: Format.ratio(result.startupRatio) + " ("
                                  + Format.duration(nanoseconds: result.app.startup.median) + " vs "
                                  + Format.duration(nanoseconds: result.anchor.startup.median) + ")",
                              passed: result.startupRatio <= 1.05))
        }
        if requested.contains("memory") {
            StartupBenchmark.memoryTable(result).print()
            goals.append(Goal(name: "memory", target: "at most 1.05x the C program",
                              figure: Format.ratio(result.memoryRatio) + " ("
                                  + Format.mebibytes(kibibytes: result.app.peakResident.median) + " vs "
                                  + Format.mebibytes(kibibytes: result.anchor.peakResident.median) + ")",
                              passed: result.memoryRatio <= 1.05))
        }
    } else {
        print("startup: no figures")
        for name in ["startup", "memory"] where requested.contains(name) {
            goals.append(Goal(name: name, target: "at most 1.05x the C program", figure: "not measured", passed: false))
        }
    }
}

if requested.contains("keystroke") {
    let results = KeystrokeBenchmark.runPerRenderer(presses: option("--presses", default: 1000))
    for (renderer, result) in results {
        MainActor.assumeIsolated { KeystrokeBenchmark.table(result, renderer: renderer) }.print()
    }
    goals += MainActor.assumeIsolated { KeystrokeBenchmark.goals(results) }
}

if requested.contains("engine") {
    let results = EngineBenchmark.run(changes: option("--changes", default: 1_000_000))
    EngineBenchmark.table(results).print()
    let valueTyped = results.first { $0.path == .valueTyped }!
    let object = results.first { $0.path == .object }!
    goals.append(Goal(name: "engine", target: "value-typed path at most 2.5x the switch, no allocation per change",
                      figure: Format.ratio(valueTyped.ratio) + ", " + Format.fixed(valueTyped.allocationsPerChange, 4)
                          + " allocs/change (object path " + Format.ratio(object.ratio) + ", "
                          + Format.fixed(object.allocationsPerChange, 2) + " allocs/change)",
                      passed: valueTyped.ratio <= 2.5 && valueTyped.engineAllocations == 0
                          && object.allocationsPerChange <= object.changedValuesPerChange
                          && results.allSatisfy(\.agrees)))
}

if requested.contains("forms") {
    let runs = 21
    let rows = FormsBenchmark.run(runs: runs)
    FormsBenchmark.table(rows, runs: runs).print()
    let large = FormsBenchmark.resolveCost(rows, .storedKeyPath, fields: 10_000)
    let small = FormsBenchmark.resolveCost(rows, .storedKeyPath, fields: 100)
    goals.append(Goal(name: "forms", target: "resolve at most 1 µs per field at 10,000 fields",
                      figure: Format.fixed(large, 1) + " ns/field (key paths to stored properties)",
                      passed: large <= 1_000))
    goals.append(Goal(name: "forms flat", target: "cost per field at 10,000 at most 2x that at 100",
                      figure: Format.ratio(large / small) + " (" + Format.fixed(large, 1) + " vs "
                          + Format.fixed(small, 1) + " ns/field)",
                      passed: large <= 2 * small))
    let window = MainActor.assumeIsolated { FormsWindowBenchmark.run(runs: 15) }
    if let failure = window.failure {
        goals.append(Goal(name: "forms window", target: "FormView of 200 fields + load at most 1.5x direct GTK",
                          figure: "not measured: \(failure)", passed: false))
    } else {
        MainActor.assumeIsolated { FormsWindowBenchmark.table(window, runs: 15) }.print()
        goals.append(Goal(name: "forms window", target: "FormView of 200 fields + load at most 1.5x direct GTK",
                          figure: Format.ratio(window.ratio) + " (" + Format.duration(nanoseconds: window.formView.median)
                              + " vs " + Format.duration(nanoseconds: window.direct.median) + ")",
                          passed: window.ratio <= 1.5))
    }
    let lineItems = LineItemsBenchmark.run(runs: runs)
    LineItemsBenchmark.table(lineItems, runs: runs).print()
    goals.append(LineItemsBenchmark.goal(lineItems))
    let lineItemsWindow = MainActor.assumeIsolated { LineItemsWindowBenchmark.run(runs: 7) }
    if lineItemsWindow.failure == nil { MainActor.assumeIsolated { LineItemsWindowBenchmark.table(lineItemsWindow, runs: 7) }.print() }
    goals.append(MainActor.assumeIsolated { LineItemsWindowBenchmark.goal(lineItemsWindow) })
    goals += MainActor.assumeIsolated { DefinedFormsBenchmark.run(runs: runs) }
}

if requested.contains("entry") {
    let runs = 11
    let entry = MainActor.assumeIsolated { EntryBenchmark.run(runs: runs) }
    if entry.failure == nil { EntryBenchmark.table(entry, runs: runs).print() }
    goals.append(EntryBenchmark.goal(entry))
}

if requested.contains("records") {
    let records = RecordsBenchmark.run(count: 100_000)
    records.table.print()
    goals.append(records.goal)
    RecordsBenchmark.searchEngines(count: 100_000).print()
}

if requested.contains("longnote") {
    let longNote = MainActor.assumeIsolated { LongNoteBenchmark.run() }
    LongNoteBenchmark.table(longNote).print()
    goals.append(LongNoteBenchmark.goal(longNote))
}

if requested.contains("team") {
    let team = TeamBenchmark.run(count: option("--records", default: 100_000), seconds: Double(option("--desk-seconds", default: 60)))
    team.table.print()
    goals += team.goals
}

if requested.contains("tpm") {
    let result = TPMBenchmark.run()
    TPMBenchmark.table(result).print()
    goals.append(Goal(name: "tpm unlock", target: "one unlock through the software TPM in at most 1 s",
                      figure: result.failure.map { "not measured: \($0)" }
                          ?? Format.duration(nanoseconds: result.firstUnseal) + " (median of "
                          + "\(result.unseals.count) more: " + Format.duration(nanoseconds: result.unseals.median)
                          + "; app unlock, slowest: " + Format.duration(nanoseconds: result.vaultUnlocks.maximum) + ")",
                      passed: result.failure == nil && result.firstUnseal <= 1_000_000_000
                          && result.vaultUnlocks.maximum <= 1_000_000_000))
}

if requested.contains("unlock") {
    UnlockBenchmark.run().print()
}

var summary = Table("summary", columns: ["goal", "target", "figure", "verdict"])
if requested.contains("pins") {
    goals += PinsBenchmark.run(arguments: arguments) ?? [Goal(name: "pins", target: "the lists found", figure: "not measured", passed: false)]
}

for goal in goals {
    summary.add([goal.name, goal.target, goal.figure, goal.verdict])
}
summary.note("load at the end: \(Machine.load) (1, 5, 15 min)")
summary.print()
