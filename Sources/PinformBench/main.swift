import CAllocCounter

// Temporary until the integrator's main.swift: `pinform-bench engine` runs the engine benchmark.
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "engine-profile" {
    // pinform-bench engine-profile engine|switch self|weak [changes]
    let side = arguments.dropFirst().first ?? "engine"
    let stylesItself = arguments.dropFirst(2).first != "weak"
    let changes = arguments.compactMap { Int($0) }.first ?? 1_000_000
    print(EngineBenchmark.profile(side: side, stylesItself: stylesItself, changes: changes))
} else if arguments.isEmpty || arguments.contains("engine") {
    let changes = arguments.compactMap { Int($0) }.first ?? 1_000_000
    for line in EngineBenchmark.run(changes: changes) {
        print(line)
    }
} else {
    print("pinform-bench", pinform_allocation_count())
}
