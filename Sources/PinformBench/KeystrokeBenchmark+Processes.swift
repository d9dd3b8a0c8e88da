// `pinform-bench keystroke` runs the keystroke benchmark once per renderer, each in a child
// process (`pinform-bench keystroke-window cairo|gl`), because GTK reads GSK_RENDERER once.
import Glibc

extension KeystrokeBenchmark {
    /// Runs the benchmark under each renderer, cairo first, in children of this process.
    static func runPerRenderer(presses: Int) -> [(Renderer, Result)] {
        Renderer.allCases.map { renderer in
            let environment = ChildProcess.currentEnvironment.filter { !$0.hasPrefix("GSK_RENDERER=") }
                + ["GSK_RENDERER=" + renderer.rawValue]
            let child = ChildProcess.run(BenchPaths.executable, ["keystroke-window", renderer.rawValue, "--presses", String(presses)],
                                         environment: environment)
            guard let child else { return (renderer, Result(failure: "the benchmark process did not start")) }
            guard child.status == 0, let result = Result(lines: child.output) else {
                return (renderer, Result(failure: "the benchmark process failed (status \(child.status))"))
            }
            return (renderer, result)
        }
    }

    /// The goals: a press under 0.2 ms of CPU with each renderer (what the main thread spends on
    /// the press and on drawing the view), and no relayout.
    static func goals(_ results: [(Renderer, Result)]) -> [Goal] {
        var figures: [String] = []
        var passed = true
        for (renderer, result) in results {
            // Under cairo the raster is the renderer's drawing of the view; under GL the GPU draws
            // pictures it holds already, and the main thread's part ends with the snapshot.
            let samples = renderer == .cairo ? result.typeAndDraw : result.typeAndSnapshot
            if let failure = result.failure {
                figures.append("\(renderer.rawValue): not measured: \(failure)")
                passed = false
            } else {
                figures.append(renderer.rawValue + " " + Format.duration(nanoseconds: samples.median) + " median, "
                    + Format.duration(nanoseconds: samples.p90) + " p90")
                passed = passed && samples.median < 200_000
            }
        }
        let relayout = results.map(\.1)
        return [
            Goal(name: "keystroke", target: "under 0.2 ms of CPU (type + draw the view), either renderer",
                 figure: figures.joined(separator: "; "), passed: passed),
            Goal(name: "no relayout", target: "a keystroke lays nothing out again",
                 figure: relayout.map { "\($0.measuresDuringPresses) measures, \($0.allocationsDuringPresses) allocations in "
                     + "\($0.presses) presses (control: \($0.controlMeasures + $0.controlAllocations))" }.joined(separator: "; "),
                 passed: !relayout.isEmpty && relayout.allSatisfy(provesNoRelayout)),
        ]
    }
}

extension KeystrokeBenchmark.Result {
    init(failure: String) {
        self.init()
        self.failure = failure
    }

    /// The result as lines of "name values…", for the parent process.
    var lines: String {
        var text = ""
        func line(_ name: String, _ values: [Double]) {
            text += ([name] + values.map { String($0) }).joined(separator: " ") + "\n"
        }
        line("type", type.values)
        line("typeAndDraw", typeAndDraw.values)
        line("typeAndSnapshot", typeAndSnapshot.values)
        line("frame", frame.values)
        line("counts", [allocationsPerType, Double(measuresDuringPresses), Double(allocationsDuringPresses), Double(sizeChanges),
                        Double(controlMeasures), Double(controlAllocations), allocationUnchanged ? 1 : 0, Double(presses)])
        text += "renderer " + renderer + "\n"
        if let failure { text += "failure " + failure + "\n" }
        return text
    }

    /// Reads `lines` back; nil when a line is missing or malformed.
    init?(lines text: String) {
        self.init()
        var seen = Set<String>()
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard let name = words.first else { continue }
            let rest = words.count > 1 ? words[1] : ""
            let numbers = rest.split(separator: " ").compactMap { Double($0) }
            seen.insert(name)
            switch name {
            case "type": type = Samples(numbers)
            case "typeAndDraw": typeAndDraw = Samples(numbers)
            case "typeAndSnapshot": typeAndSnapshot = Samples(numbers)
            case "frame": frame = Samples(numbers)
            case "counts":
                guard numbers.count == 8 else { return nil }
                allocationsPerType = numbers[0]
                measuresDuringPresses = Int(numbers[1])
                allocationsDuringPresses = Int(numbers[2])
                sizeChanges = Int(numbers[3])
                controlMeasures = Int(numbers[4])
                controlAllocations = Int(numbers[5])
                allocationUnchanged = numbers[6] == 1
                presses = Int(numbers[7])
            case "renderer": renderer = rest
            case "failure": failure = rest
            default: continue
            }
        }
        guard seen.isSuperset(of: ["type", "typeAndSnapshot", "frame", "counts", "renderer"]) else { return nil }
    }
}
