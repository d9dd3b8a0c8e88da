// `pinform-bench forms` (GTK part): building a window with a `FormView` of 200 fields and loading
// a model into it, side by side with the same widget tree built directly with GTK's C calls.
import Controls
@_spi(Benchmark) import Gtk

/// Measures `FormView` construction plus `load` against a hand-written GTK window.
@MainActor
enum FormsWindowBenchmark {
    static let fieldCount = 200

    struct Result {
        var formView = Samples()
        var direct = Samples()
        var failure: String?

        var ratio: Double { formView.median / direct.median }
    }

    private struct Model {
        var values: [Int]
    }

    static func run(runs: Int) -> Result {
        var result = Result()
        guard GtkRuntime.initialize() else {
            result.failure = "no display"
            return result
        }
        let style = CSSProvider()
        try? style.load(path: BenchPaths.data + "/style.css")
        style.applyToDisplay()
        let model = Model(values: (0..<fieldCount).map { $0 * 7 })
        // A warm-up of each, so that GTK's type classes and CSS caches exist for both.
        _ = measureFormView(model)
        _ = measureDirect(model)
        for run in 0..<runs {
            // Alternating, so that drift in the machine's load falls on both alike.
            if run % 2 == 0 {
                result.formView.append(measureFormView(model))
                result.direct.append(measureDirect(model))
            } else {
                result.direct.append(measureDirect(model))
                result.formView.append(measureFormView(model))
            }
        }
        return result
    }

    /// Builds the window with `FormView`, loads `model`, and measures the whole tree; the thread's
    /// CPU time in nanoseconds.
    private static func measureFormView(_ model: Model) -> Double {
        let start = Clock.threadCPU()
        let window = Window()
        let form = Form<Model>(prototype: model)
        var elements: [FormElement] = []
        for index in 0..<fieldCount {
            let field = form.bind(ActiveInput<Int>(label: "Field \(index + 1)"), to: \.values[index])
            elements.append(FormElement(field))
            if elements.count == 2 {
                form.addRow(elements)
                elements.removeAll()
            }
        }
        let view = FormView(form)
        view.load(model)
        let scrolled = ScrolledWindow()
        scrolled.child = view.widget
        window.child = scrolled
        window.measureAsFirstLayout()
        let elapsed = Clock.threadCPU() - start
        window.destroy()
        return elapsed
    }

    /// The same tree with C calls (`PlainGtkForm`).
    private static func measureDirect(_ model: Model) -> Double {
        PlainGtkForm.buildAndMeasure(values: (0..<fieldCount).map { String(model.values[$0]) }, clock: Clock.threadCPU)
    }

    static func table(_ result: Result, runs: Int) -> Table {
        var table = Table("forms window: \(fieldCount) fields built, loaded and measured (thread CPU, \(runs) alternating runs)",
                          columns: ["subject", "median", "p90", "min"])
        for (name, samples) in [("FormView + load", result.formView), ("direct GTK calls", result.direct)] {
            table.add([name, Format.duration(nanoseconds: samples.median), Format.duration(nanoseconds: samples.p90),
                       Format.duration(nanoseconds: samples.minimum)])
        }
        table.note("ratio: " + Format.ratio(result.ratio) + " (goal at most 1.5x)")
        return table
    }
}
