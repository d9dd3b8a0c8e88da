// `pinform-bench entry`: a stack of paper forms typed by keyboard alone — each character, Enter
// to the next field, Ctrl+Enter to save and start the next record — in a real window, side by
// side with the same labelled entries driven with direct GTK calls and no form behind them.
import Controls
import Forms
@_spi(Benchmark) @_spi(Testing) import Gtk

/// Measures what the app does for the keystrokes of one record, against plain entries.
@MainActor
enum EntryBenchmark {
    /// Records typed per run.
    static let recordsPerRun = 50

    /// A member as a club's paper form has it (Pinform's Person, its six typed fields).
    struct Member {
        var firstName = ""
        var lastName = ""
        var birthDate: CalendarDate?
        var phone = ""
        var email = ""
        var height: Decimal = 0
    }

    struct Result {
        /// Thread CPU time per record, nanoseconds, one sample per run.
        var app = Samples()
        var direct = Samples()
        /// Keystrokes per record: the characters, then one Enter per field but the last, then
        /// Ctrl+Enter.
        var keystrokes = 0
        var characters = 0
        var failure: String?

        var ratio: Double { app.median / direct.median }
    }

    /// The cells of record `index`: what the clerk reads off the paper.
    static func cells(_ index: Int) -> [String] {
        let first = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Frances", "Niklaus"][index % 8]
        let last = ["Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth", "Allen", "Wirth"][(index / 8) % 8]
        let day = index % 28 + 1
        return [first, last, "19\(50 + index % 40)-0\(index % 9 + 1)-\(day < 10 ? "0" : "")\(day)",
                "+41 44 \(100 + index % 900) \(10 + index % 90) \(10 + index % 80)",
                "\(first.lowercased()).\(last.lowercased())\(index)@example.com", "1.\(55 + index % 40)"]
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
        let records = (0..<recordsPerRun).map(cells)
        result.characters = records.joined().reduce(0) { $0 + $1.count } / recordsPerRun
        result.keystrokes = result.characters + records[0].count
        let app = AppSide()
        let direct = DirectSide()
        // A warm-up of each: GTK's type classes, CSS and fonts exist for both.
        _ = app.type(records.prefix(5))
        _ = direct.type(records.prefix(5))
        for run in 0..<runs {
            // Alternating, so that drift in the machine's load falls on both alike.
            if run % 2 == 0 {
                result.app.append(app.type(records[...]) / Double(recordsPerRun))
                result.direct.append(direct.type(records[...]) / Double(recordsPerRun))
            } else {
                result.direct.append(direct.type(records[...]) / Double(recordsPerRun))
                result.app.append(app.type(records[...]) / Double(recordsPerRun))
            }
        }
        app.window.destroy()
        direct.window.destroy()
        return result
    }

    /// Lets GTK do what the keystroke queued (a relayout, a frame), as the main loop would
    /// between two keys.
    private static func settle() {
        while MainContext.iterate() {}
    }

    /// Pinform's form: the fields bound with their rules, Enter through `FormView`, Ctrl+Enter
    /// as the form page does it (resolve, mark saved, start the next record).
    @MainActor
    final class AppSide {
        let window = Window()
        let view: FormView<Member>
        let entries: [Entry]
        let fields: [FieldID]

        init() {
            let form = Form<Member>(prototype: Member())
            let inputs = [ActiveInput<String>(label: "First name"), ActiveInput<String>(label: "Last name")]
            let birth = ActiveInput<CalendarDate>(label: "Birth date")
            let phone = ActiveInput<String>(label: "Phone")
            let email = ActiveInput<String>(label: "Email")
            let height = ActiveInput<Decimal>(label: "Height")
            fields = [
                form.bind(inputs[0], to: \.firstName, rules: [.required]),
                form.bind(inputs[1], to: \.lastName, rules: [.required]),
                form.bind(birth, to: \.birthDate),
                form.bind(phone, to: \.phone),
                form.bind(email, to: \.email, rules: [.required]),
                form.bind(height, to: \.height, rules: [.range(0.3...2.6)]),
            ]
            form.addRow([FormElement(fields[0]), FormElement(fields[1])])
            form.addRow([FormElement(fields[2])])
            form.addRow([FormElement(fields[3]), FormElement(fields[4])])
            form.addRow([FormElement(fields[5]), .spacer()])
            entries = [inputs[0].entry, inputs[1].entry, birth.entry, phone.entry, email.entry, height.entry]
            view = FormView(form)
            window.child = view.widget
            window.setDefaultSize(width: 640, height: -1)
            window.present()
            _ = MainContext.spin(until: { view.widget.isMapped })
            entries[0].grabFocus()
        }

        /// Types `records`; the thread's CPU time in nanoseconds.
        func type(_ records: ArraySlice<[String]>) -> Double {
            let start = Clock.threadCPU()
            for cells in records {
                for (index, cell) in cells.enumerated() {
                    var typed = ""
                    for character in cell {
                        typed.append(character)
                        entries[index].text = typed
                        EntryBenchmark.settle()
                    }
                    if index + 1 < cells.count {
                        view.focusField(after: fields[index])
                        EntryBenchmark.settle()
                    }
                }
                guard case .success = view.resolve(Member()) else { fatalError("a typed record did not resolve") }
                view.markSaved()
                view.reset()
                EntryBenchmark.settle()
            }
            return Clock.threadCPU() - start
        }
    }

    /// The same labelled entries with direct GTK calls: each key sets the text, Enter moves the
    /// focus, Ctrl+Enter reads every text and empties the entries.
    @MainActor
    final class DirectSide {
        let window = Window()
        let entries: [Entry]
        private(set) var saved = 0

        init() {
            let box = Box(.vertical, spacing: 6)
            var made: [Entry] = []
            for title in ["First name", "Last name", "Birth date", "Phone", "Email", "Height"] {
                let label = Label(title)
                let entry = Entry()
                label.setMnemonicWidget(entry)
                box.append(label)
                box.append(entry)
                made.append(entry)
            }
            entries = made
            window.child = box
            window.setDefaultSize(width: 640, height: -1)
            window.present()
            _ = MainContext.spin(until: { box.isMapped })
            entries[0].grabFocus()
        }

        func type(_ records: ArraySlice<[String]>) -> Double {
            let start = Clock.threadCPU()
            for cells in records {
                for (index, cell) in cells.enumerated() {
                    var typed = ""
                    for character in cell {
                        typed.append(character)
                        entries[index].text = typed
                        EntryBenchmark.settle()
                    }
                    if index + 1 < cells.count {
                        entries[index + 1].grabFocus()
                        EntryBenchmark.settle()
                    }
                }
                saved += entries.map(\.text).count
                for entry in entries { entry.text = "" }
                entries[0].grabFocus()
                EntryBenchmark.settle()
            }
            return Clock.threadCPU() - start
        }
    }

    static func table(_ result: Result, runs: Int) -> Table {
        var table = Table("entry: a stack of \(recordsPerRun) six-field records typed by keyboard (thread CPU per record, \(runs) alternating runs)",
                          columns: ["subject", "median", "p90", "min", "per keystroke"])
        for (name, samples) in [("Pinform's form", result.app), ("plain entries", result.direct)] {
            table.add([name, Format.duration(nanoseconds: samples.median), Format.duration(nanoseconds: samples.p90),
                       Format.duration(nanoseconds: samples.minimum),
                       Format.duration(nanoseconds: samples.median / Double(result.keystrokes))])
        }
        table.note("\(result.keystrokes) keystrokes a record: \(result.characters) characters, 5 Enter, Ctrl+Enter; no mouse")
        table.note("ratio: " + Format.ratio(result.ratio))
        return table
    }

    /// The goal: a clerk's pace, not the program's, sets the speed: every keystroke handled
    /// within a frame (16 ms) with room to spare.
    static func goal(_ result: Result) -> Goal {
        let perKey = result.app.median / Double(max(result.keystrokes, 1))
        return Goal(name: "entry", target: "each keystroke of a typed stack within 1 ms (a 16 ms frame to spare)",
                    figure: Format.duration(nanoseconds: perKey) + "/key, " + Format.duration(nanoseconds: result.app.median)
                        + "/record (" + Format.ratio(result.ratio) + " plain entries)",
                    passed: result.failure == nil && perKey <= 1_000_000)
    }
}
