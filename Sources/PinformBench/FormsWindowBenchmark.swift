// `pinform-bench forms` (GTK part): building a window with a `FormView` of 200 fields and loading
// a model into it, side by side with the same widget tree built directly with GTK's C calls.
import CGtk
import Controls
import Gtk

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
        measure(window.widgetPointer)
        let elapsed = Clock.threadCPU() - start
        window.destroy()
        return elapsed
    }

    /// The same tree with C calls: per field a box holding a label, an entry (its "changed"
    /// handled, named by the label), an indicator and a hidden error line; rows of two in a
    /// homogeneous grid; the values written as text.
    private static func measureDirect(_ model: Model) -> Double {
        let start = Clock.threadCPU()
        let window = gtk_window_new()!
        g_object_ref_sink(window)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        var row: UnsafeMutablePointer<GtkWidget>?
        for index in 0..<fieldCount {
            if index % 2 == 0 {
                row = gtk_grid_new()
                gtk_grid_set_column_homogeneous(pf_grid(row), 1)
                gtk_grid_set_column_spacing(pf_grid(row), 12)
                gtk_box_append(pf_box(column), row)
            }
            let cell = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let label = gtk_label_new("Field \(index + 1)")!
            gtk_label_set_xalign(pf_label(label), 0)
            let entry = gtk_entry_new()!
            gtk_label_set_mnemonic_widget(pf_label(label), entry)
            pf_accessible_set_labelled_by(entry, label)
            gtk_widget_set_hexpand(entry, 1)
            pf_signal_connect(entry, "changed", unsafeBitCast(changed, to: GCallback.self), nil, nil)
            let indicator = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            gtk_widget_set_size_request(indicator, -1, 3)
            gtk_widget_set_opacity(indicator, 0)
            let error = gtk_label_new("")!
            gtk_widget_add_css_class(error, "field-error")
            gtk_widget_set_visible(error, 0)
            gtk_box_append(pf_box(cell), label)
            gtk_box_append(pf_box(cell), entry)
            gtk_box_append(pf_box(cell), indicator)
            gtk_box_append(pf_box(cell), error)
            gtk_widget_set_hexpand(cell, 1)
            gtk_grid_attach(pf_grid(row), cell, Int32(index % 2), 0, 1, 1)
            gtk_editable_set_text(pf_editable(entry), String(model.values[index]))
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), column)
        gtk_window_set_child(pf_window(window), scrolled)
        measure(window)
        let elapsed = Clock.threadCPU() - start
        gtk_window_destroy(pf_window(window))
        g_object_unref(window)
        return elapsed
    }

    private static let changed: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in }

    /// Computes the size of every widget in the window, as its first layout would.
    private static func measure(_ window: UnsafeMutablePointer<GtkWidget>) {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(window, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        gtk_widget_measure(window, GTK_ORIENTATION_VERTICAL, 720, &minimum, &natural, nil, nil)
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
