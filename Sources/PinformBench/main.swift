import CAllocCounter

// Temporary until the integrator's main.swift: `pinform-bench engine` runs the engine benchmark.
let arguments = CommandLine.arguments.dropFirst()
if arguments.isEmpty || arguments.contains("engine") {
    for line in EngineBenchmark.run() {
        print(line)
    }
} else {
    print("pinform-bench", pinform_allocation_count())
}
