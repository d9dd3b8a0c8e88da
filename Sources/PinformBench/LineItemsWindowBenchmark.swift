// `pinform-bench forms`, line items in a real window: the same invoice of 10 and of 1,000 lines
// as `LineItemsBenchmark`, but shown by `FormView` (a `LineItemsEditor` of real GTK entries) in a
// presented window, each step followed by what GTK does before the next frame. It shows whether
// the editor the user types in stays fast as the lines grow, not only the headless form.
import Controls
import Forms
@_spi(Benchmark) @_spi(Testing) import Gtk

/// Measures `LineItemsEditor` in a window as the list grows.
@MainActor
enum LineItemsWindowBenchmark {
    struct Row {
        let lines: Int
        let load: Samples
        let keystroke: Samples
        let add: Samples
        let remove: Samples
    }

    struct Result {
        var rows: [Row] = []
        var failure: String?
    }

    /// The invoice's window: its form, the view showing it and the lines' editor.
    @MainActor
    private final class Subject {
        let window = Window()
        let form: Form<LineItemsBenchmark.Invoice>
        let view: FormView<LineItemsBenchmark.Invoice>
        let lines: FormList<LineItemsBenchmark.Line>
        let editor: LineItemsEditor<LineItemsBenchmark.Line>

        init?() {
            let form = Form<LineItemsBenchmark.Invoice>(prototype: LineItemsBenchmark.Invoice())
            let number = form.bind(ActiveInput<String>(label: "Number"), to: \.number, rules: [.required])
            let lines = form.bind(list: \.lines) {
                let line = Form<LineItemsBenchmark.Line>(prototype: LineItemsBenchmark.Line())
                let description = line.bind(ActiveInput<String>(label: "Description"), to: \.description, rules: [.required])
                let quantity = line.bind(ActiveInput<Decimal>(label: "Quantity"), to: \.quantity, rules: [.atLeast(0)])
                let price = line.bind(ActiveInput<Decimal>(label: "Unit price"), to: \.unitPrice)
                let tax = line.bind(ActiveInput<Decimal>(label: "Tax"), to: \.taxRate, rules: [.range(0...1)])
                line.addRow([FormElement(description), FormElement(quantity), FormElement(price), FormElement(tax)])
                return line
            }
            let net = lines.total { ($0.quantity * $0.unitPrice * (1 + $0.taxRate)).rounded(places: 2) }
            let total = form.bind(computed: ActiveInput<Decimal>(label: "Total"), to: \.total) { _ in net.value }
            form.addRow([FormElement(number)])
            form.addRow([FormElement(lines.field)])
            form.addRow([FormElement(total)])
            let view = FormView(form)
            guard let editor = view.input(for: lines.field) as? LineItemsEditor<LineItemsBenchmark.Line> else { return nil }
            self.form = form
            self.view = view
            self.lines = lines
            self.editor = editor
            window.child = view.widget
            window.setDefaultSize(width: 800, height: 720)
            window.present()
            _ = MainContext.spin(until: { view.widget.isMapped })
        }

        /// The description entry of the row at `index`.
        func descriptionEntry(at index: Int) -> Entry? {
            let row = lines.rows[index]
            guard let rowView = editor.rowView(for: row), let first = rowView.form.fields.first else { return nil }
            return (rowView.input(for: first) as? ActiveInput<String>)?.entry
        }
    }

    static func run(runs: Int) -> Result {
        var result = Result()
        guard GtkRuntime.initialize() else {
            result.failure = "no display"
            return result
        }
        for count in LineItemsBenchmark.sizes {
            guard let row = measure(lines: count, runs: runs) else {
                result.failure = "the lines' editor was not found"
                return result
            }
            result.rows.append(row)
        }
        return result
    }

    private static func measure(lines count: Int, runs: Int) -> Row? {
        guard let subject = Subject() else { return nil }
        defer { subject.window.destroy() }
        let invoice = LineItemsBenchmark.invoice(lines: count)
        var load = Samples(), keystroke = Samples(), add = Samples(), remove = Samples()
        for run in 0...runs {
            subject.view.reset()
            settle()
            var start = Clock.threadCPU()
            subject.view.load(invoice)
            settle()
            let loaded = Clock.threadCPU() - start

            // 10 keystrokes into the middle line's description, each followed by its frame.
            guard let entry = subject.descriptionEntry(at: count / 2) else { return nil }
            var text = "Item"
            start = Clock.threadCPU()
            for _ in 0..<10 {
                text += "x"
                entry.text = text
                settle()
            }
            let typed = (Clock.threadCPU() - start) / 10

            start = Clock.threadCPU()
            let added = subject.lines.add(at: count / 2)
            settle()
            let adding = Clock.threadCPU() - start

            start = Clock.threadCPU()
            subject.lines.remove(added)
            settle()
            let removing = Clock.threadCPU() - start
            if run > 0 {
                load.append(loaded)
                keystroke.append(typed)
                add.append(adding)
                remove.append(removing)
            }
        }
        return Row(lines: count, load: load, keystroke: keystroke, add: add, remove: remove)
    }

    /// Lets GTK do what a step queued (a relayout, a frame), as the main loop would.
    private static func settle() {
        while MainContext.iterate() {}
    }

    static func table(_ result: Result, runs: Int) -> Table {
        var table = Table("forms, line items in a window: FormView's lines editor, real entries (thread CPU, median of \(runs) runs)",
                          columns: ["lines", "load", "load/line", "keystroke", "add", "remove"])
        for row in result.rows {
            table.add([
                Format.grouped(row.lines),
                Format.duration(nanoseconds: row.load.median), Format.duration(nanoseconds: row.load.median / Double(row.lines)),
                Format.duration(nanoseconds: row.keystroke.median), Format.duration(nanoseconds: row.add.median),
                Format.duration(nanoseconds: row.remove.median),
            ])
        }
        table.note("Each step then runs the main loop until idle (relayout and frame). Load reuses the rows' widgets of the previous load.")
        table.note("A keystroke: the middle line's description entry changed (its rule, the running total, the computed total, the row's name).")
        return table
    }

    /// The goal: a keystroke in the middle of 1,000 lines within a frame (16 ms) and at most 2x
    /// one in 10 lines.
    static func goal(_ result: Result) -> Goal {
        let name = "line items window"
        let target = "keystroke in 1,000 lines within 16 ms and at most 2x one in 10"
        if let failure = result.failure {
            return Goal(name: name, target: target, figure: "not measured: \(failure)", passed: false)
        }
        guard let small = result.rows.first(where: { $0.lines == 10 }), let large = result.rows.first(where: { $0.lines == 1_000 }) else {
            return Goal(name: name, target: target, figure: "not measured", passed: false)
        }
        let ratio = large.keystroke.median / small.keystroke.median
        return Goal(name: name, target: target,
                    figure: Format.duration(nanoseconds: large.keystroke.median) + " (" + Format.ratio(ratio) + " the 10-line one; load "
                        + Format.duration(nanoseconds: large.load.median) + ")",
                    passed: large.keystroke.median <= 16_000_000 && ratio <= 2)
    }
}
