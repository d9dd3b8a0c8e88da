// `pinform-bench forms`, line items: an invoice of 10 and of 1,000 lines on headless inputs —
// load, one keystroke in the middle row, add a row, remove one, resolve — so that the cost per
// row can be read side by side, and a keystroke is seen not to grow with the rows.
import Foundation
import Forms

/// Measures `Form.bind(list:rows:)` as the list grows.
enum LineItemsBenchmark {
    static let sizes = [10, 1_000]

    struct Line {
        var description = ""
        var quantity: Decimal = 1
        var unitPrice: Decimal = 0
        var taxRate: Decimal = 0
    }

    struct Invoice {
        var number = ""
        var lines: [Line] = []
        var total: Decimal = 0
    }

    /// The figures of one size, in nanoseconds (medians of the runs).
    struct Row {
        let lines: Int
        let load: Samples
        let keystroke: Samples
        let add: Samples
        let remove: Samples
        let resolve: Samples
    }

    private static func makeForm() -> (Form<Invoice>, FormList<Line>) {
        let form = Form<Invoice>(prototype: Invoice())
        let number = form.bind(TextInput<String>(numberParsing: .posix), to: \.number, rules: [.required])
        let lines = form.bind(list: \.lines) {
            let line = Form<Line>(prototype: Line())
            let description = line.bind(TextInput<String>(numberParsing: .posix), to: \.description, rules: [.required])
            let quantity = line.bind(TextInput<Decimal>(numberParsing: .posix), to: \.quantity, rules: [.atLeast(0)])
            let price = line.bind(TextInput<Decimal>(numberParsing: .posix), to: \.unitPrice)
            let tax = line.bind(TextInput<Decimal>(numberParsing: .posix), to: \.taxRate, rules: [.range(0...1)])
            line.addRow([FormElement(description), FormElement(quantity), FormElement(price), FormElement(tax)])
            return line
        }
        let net = lines.total { ($0.quantity * $0.unitPrice * (1 + $0.taxRate)).rounded(places: 2) }
        let total = form.bind(computed: TextInput<Decimal>(numberParsing: .posix), to: \.total) { _ in net.value }
        form.addRow([FormElement(number)])
        form.addRow([FormElement(lines.field)])
        form.addRow([FormElement(total)])
        return (form, lines)
    }

    static func invoice(lines count: Int) -> Invoice {
        Invoice(number: "2026-001", lines: (0..<count).map {
            Line(description: "Item \($0)", quantity: Decimal($0 % 7 + 1), unitPrice: Decimal($0 % 100) + 0.99, taxRate: 0.2)
        })
    }

    static func run(runs: Int = 21) -> [Row] {
        sizes.map { measure(lines: $0, runs: runs) }
    }

    private static func measure(lines count: Int, runs: Int) -> Row {
        let (form, lines) = makeForm()
        let invoice = invoice(lines: count)
        var load = Samples(), keystroke = Samples(), add = Samples(), remove = Samples(), resolve = Samples()
        for run in 0...runs {
            var start = Clock.threadCPU()
            form.load(invoice)
            let loaded = Clock.threadCPU() - start

            // 20 keystrokes into the middle row's description, each one change.
            let middle = lines.rows[count / 2]
            let rowForm = lines.form(for: middle)
            let description = rowForm.fields[0]
            var text = "Item"
            start = Clock.threadCPU()
            for _ in 0..<20 {
                text += "x"
                rowForm.type(text, into: description)
            }
            let typed = (Clock.threadCPU() - start) / 20

            start = Clock.threadCPU()
            let added = lines.add(at: count / 2)
            let adding = Clock.threadCPU() - start

            start = Clock.threadCPU()
            lines.remove(added)
            let removing = Clock.threadCPU() - start

            start = Clock.threadCPU()
            guard case .success(let resolved) = form.resolve(Invoice()) else { preconditionFailure("the invoice must resolve") }
            let resolving = Clock.threadCPU() - start
            precondition(resolved.lines.count == count)
            if run > 0 {
                load.append(loaded)
                keystroke.append(typed)
                add.append(adding)
                remove.append(removing)
                resolve.append(resolving)
            }
        }
        return Row(lines: count, load: load, keystroke: keystroke, add: add, remove: remove, resolve: resolve)
    }

    static func table(_ rows: [Row], runs: Int) -> Table {
        var table = Table("forms, line items: an invoice of 4-field lines (thread CPU, median of \(runs) runs)",
                          columns: ["lines", "load", "load/line", "keystroke", "add", "remove", "resolve", "resolve/line"])
        for row in rows {
            let lines = Double(row.lines)
            table.add([
                Format.grouped(row.lines),
                Format.duration(nanoseconds: row.load.median), Format.duration(nanoseconds: row.load.median / lines),
                Format.duration(nanoseconds: row.keystroke.median), Format.duration(nanoseconds: row.add.median),
                Format.duration(nanoseconds: row.remove.median),
                Format.duration(nanoseconds: row.resolve.median), Format.duration(nanoseconds: row.resolve.median / lines),
            ])
        }
        table.note("A keystroke: Form.type in the middle row (validates that field, updates the model as typed, the running total, the computed total).")
        table.note("Add and remove in the middle row (undoable); load reuses the row forms of the previous load.")
        return table
    }

    /// The goal: a keystroke in the middle of 1,000 lines costs at most 2x one in 10 lines, and
    /// load and resolve per line at 1,000 at most 2x those at 10.
    static func goal(_ rows: [Row]) -> Goal {
        guard let small = rows.first(where: { $0.lines == 10 }), let large = rows.first(where: { $0.lines == 1_000 }) else {
            return Goal(name: "line items flat", target: "flat per row", figure: "not measured", passed: false)
        }
        let keystroke = large.keystroke.median / small.keystroke.median
        let load = (large.load.median / 1_000) / (small.load.median / 10)
        let resolve = (large.resolve.median / 1_000) / (small.resolve.median / 10)
        return Goal(name: "line items flat", target: "1,000 lines vs 10: keystroke, load/line, resolve/line at most 2x",
                    figure: "keystroke " + Format.ratio(keystroke) + " (" + Format.duration(nanoseconds: large.keystroke.median)
                        + "), load " + Format.ratio(load) + ", resolve " + Format.ratio(resolve),
                    passed: keystroke <= 2 && load <= 2 && resolve <= 2)
    }
}
