// `pinform-bench keystroke` runs the keystroke benchmark once per renderer, each in a child
// process (`pinform-bench keystroke-window cairo|gl`), because GTK reads GSK_RENDERER once.
import Foundation

extension KeystrokeBenchmark {
    /// Runs the benchmark under each renderer, cairo first, in children of this process.
    static func runPerRenderer(presses: Int) -> [(Renderer, Result)] {
        Renderer.allCases.map { renderer in
            let environment = ChildProcess.currentEnvironment.filter { !$0.hasPrefix("GSK_RENDERER=") }
                + ["GSK_RENDERER=" + renderer.rawValue]
            let child = ChildProcess.run(BenchPaths.executable, ["keystroke-window", renderer.rawValue, "--presses", String(presses)],
                                         environment: environment)
            guard let child else { return (renderer, Result(failure: "the benchmark process did not start")) }
            guard child.status == 0, let result = try? JSONDecoder().decode(Result.self, from: Data(child.output.utf8)) else {
                return (renderer, Result(failure: "the benchmark process failed (status \(child.status))"))
            }
            return (renderer, result)
        }
    }

    /// The goals: a press under 0.2 ms of CPU with each renderer (what the main thread spends on
    /// the press and on drawing the view) on a desktop where no assistive technology listens, and
    /// no relayout. With a screen reader listening, every press also sends GTK's AT-SPI signal
    /// for the spoken count; that figure is reported beside it.
    static func goals(_ results: [(Renderer, Result)]) -> [Goal] {
        var figures: [String] = []
        var passed = true
        for (renderer, result) in results {
            // Under cairo the raster is the renderer's drawing of the view; under GL the GPU draws
            // pictures it holds already, and the main thread's part ends with the snapshot.
            func drawn(_ phase: Phase) -> Samples { renderer == .cairo ? phase.typeAndDraw : phase.typeAndSnapshot }
            let samples = drawn(result.unheard), heard = drawn(result.heard)
            if let failure = result.failure {
                figures.append("\(renderer.rawValue): not measured: \(failure)")
                passed = false
            } else {
                figures.append(renderer.rawValue + " " + Format.duration(nanoseconds: samples.median) + " median, "
                    + Format.duration(nanoseconds: samples.p90) + " p90 (screen reader listening: "
                    + Format.duration(nanoseconds: heard.median) + " median)")
                passed = passed && samples.median < 200_000
            }
        }
        let relayout = results.map(\.1)
        return [
            Goal(name: "keystroke", target: "under 0.2 ms of CPU (type + draw the view), either renderer, no AT listening",
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

    /// The result as the child prints it for the parent.
    var json: String {
        (try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
