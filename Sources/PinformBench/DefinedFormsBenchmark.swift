// `pinform-bench forms`, defined vs typed: one form of 50 fields built from a `FormDefinition`
// (`DefinedForm`, values in a `DefinedRecord`) against the same 50 fields bound to the stored
// properties of a Swift struct (`TypedFiftyModel`), with the same inputs and the same rules,
// side by side in one run: per keystroke (text typed into an input, then its resolved value)
// and per resolve (the whole form into a model).
import CAllocCounter
import FormDefinitions
import Forms
import Foundation

@MainActor
enum DefinedFormsBenchmark {
    /// The 50 fields: 20 texts, 10 whole numbers, 10 decimals, 5 dates, 5 yes/no, each with rules.
    static let definition: FormDefinition = {
        var fields: [FieldDefinition] = []
        for i in 0..<20 { fields.append(FieldDefinition(id: FieldDefinitionID("text\(i)"), label: "Text \(i)", kind: .text(.plain), rules: FieldRules(maxLength: 100))) }
        for i in 0..<10 { fields.append(FieldDefinition(id: FieldDefinitionID("integer\(i)"), label: "Whole \(i)", kind: .wholeNumber, rules: FieldRules(minimum: 0, maximum: 1_000))) }
        for i in 0..<10 { fields.append(FieldDefinition(id: FieldDefinitionID("decimal\(i)"), label: "Decimal \(i)", kind: .decimal(places: 2), rules: FieldRules(minimum: 0))) }
        for i in 0..<5 { fields.append(FieldDefinition(id: FieldDefinitionID("date\(i)"), label: "Date \(i)", kind: .date)) }
        for i in 0..<5 { fields.append(FieldDefinition(id: FieldDefinitionID("flag\(i)"), label: "Flag \(i)", kind: .yesNo)) }
        return FormDefinition(id: "form-bench", name: "Bench", fields: fields)
    }()

    /// The two texts typed in turn into a field of each kind.
    private static func texts(_ kind: FieldKind) -> (String, String) {
        switch kind {
        case .wholeNumber: ("7", "812")
        case .decimal: ("1.5", "22.25")
        case .date: ("2026-11-30", "2026-12-01")
        case .yesNo: ("true", "false")
        default: ("Ann", "Bob Smith")
        }
    }

    /// A form, its fields in definition order, and how to type into each.
    private struct Subject<Model> {
        let form: Form<Model>
        let fields: [FieldID]
        let blank: Model
    }

    private static func typed() -> Subject<TypedFiftyModel> {
        let form = Form<TypedFiftyModel>(prototype: TypedFiftyModel())
        var ids: [FieldID] = []
        for field in definition.fields {
            let name = field.id.rawValue
            let index = Int(name.drop { !$0.isNumber }) ?? 0
            switch field.kind {
            case .wholeNumber:
                ids.append(form.bind(TextInput<Int64>(numberParsing: .posix), to: TypedFiftyModel.integerPaths[index], rules: DefinedRules.wholeNumber(field)))
            case .decimal:
                ids.append(form.bind(TextInput<Decimal>(numberParsing: .posix), to: TypedFiftyModel.decimalPaths[index], rules: DefinedRules.decimal(field)))
            case .date:
                ids.append(form.bind(TextInput<CalendarDate>(numberParsing: .posix), to: TypedFiftyModel.datePaths[index], rules: DefinedRules.date(field)))
            case .yesNo:
                ids.append(form.bind(TextInput<Bool>(text: "false", numberParsing: .posix), to: TypedFiftyModel.flagPaths[index], rules: DefinedRules.yesNo(field)))
            default:
                ids.append(form.bind(TextInput<String>(numberParsing: .posix), to: TypedFiftyModel.textPaths[index], rules: DefinedRules.text(field)))
            }
        }
        for row in definition.rows { form.addRow(row.fields.compactMap { id in definition.fields.firstIndex { $0.id == id }.map { FormElement(ids[$0]) } }) }
        return Subject(form: form, fields: ids, blank: TypedFiftyModel())
    }

    private static func defined() -> Subject<DefinedRecord> {
        let built = DefinedForm(definition, inputs: HeadlessInputs(numberParsing: .posix), today: { CalendarDate(year: 2026, month: 12, day: 1) })
        return Subject(form: built.form, fields: definition.fields.compactMap { built.fields[$0.id] }, blank: definition.blankRecord)
    }

    struct Figures {
        var keystroke = Samples()
        var resolve = Samples()
        var resolveAllocations = 0.0
    }

    /// One timed keystroke run: every field typed into `repeats` times; ns per keystroke.
    private static func keystrokes<Model>(_ subject: Subject<Model>, repeats: Int, round: inout Int) -> Double {
        let start = Clock.threadCPU()
        for _ in 0..<repeats {
            round += 1
            for (index, field) in subject.fields.enumerated() {
                subject.form.type(round % 2 == 0 ? kinds[index].0 : kinds[index].1, into: field)
                precondition(subject.form.validate(field: field).isEmpty, "the benchmark's texts must resolve")
            }
        }
        return (Clock.threadCPU() - start) / Double(repeats * subject.fields.count)
    }

    /// One timed resolve run: the whole form resolved `repeats` times; ns per resolve and allocations.
    private static func resolves<Model>(_ subject: Subject<Model>, repeats: Int) -> (Double, UInt64) {
        let before = pinform_allocation_count()
        let start = Clock.threadCPU()
        for _ in 0..<repeats {
            guard case .success = subject.form.resolve(subject.blank) else { preconditionFailure("the benchmark's form must resolve") }
        }
        return ((Clock.threadCPU() - start) / Double(repeats), pinform_allocation_count() - before)
    }

    private static let kinds = definition.fields.map { texts($0.kind) }

    /// Both forms, run by run in turn (so that the machine's load weighs on both alike); the
    /// first run of each is untimed. Both keep their undo history, as a form being typed into does.
    private static func measure(runs: Int, repeats: Int) -> (typed: Figures, defined: Figures) {
        let typedSubject = typed(), definedSubject = defined()
        var typedFigures = Figures(), definedFigures = Figures()
        var typedRound = 0, definedRound = 0
        var typedAllocations: UInt64 = 0, definedAllocations: UInt64 = 0
        for run in 0...runs {
            let typedKeystroke = keystrokes(typedSubject, repeats: repeats, round: &typedRound)
            let definedKeystroke = keystrokes(definedSubject, repeats: repeats, round: &definedRound)
            let (typedResolve, typedAllocated) = resolves(typedSubject, repeats: repeats)
            let (definedResolve, definedAllocated) = resolves(definedSubject, repeats: repeats)
            guard run > 0 else { continue }
            typedFigures.keystroke.append(typedKeystroke)
            definedFigures.keystroke.append(definedKeystroke)
            typedFigures.resolve.append(typedResolve)
            definedFigures.resolve.append(definedResolve)
            typedAllocations += typedAllocated
            definedAllocations += definedAllocated
        }
        typedFigures.resolveAllocations = Double(typedAllocations) / Double(runs * repeats)
        definedFigures.resolveAllocations = Double(definedAllocations) / Double(runs * repeats)
        return (typedFigures, definedFigures)
    }

    /// Measures both, prints the table and returns the two goals (≤ 1.5x per keystroke, per resolve).
    static func run(runs: Int) -> [Goal] {
        let repeats = 100
        let (typedFigures, definedFigures) = measure(runs: runs, repeats: repeats)
        let keystroke = definedFigures.keystroke.median / typedFigures.keystroke.median
        let resolve = definedFigures.resolve.median / typedFigures.resolve.median
        var table = Table("forms, defined vs typed: a 50-field form, thread CPU (median of \(runs) runs; min-max)",
                          columns: ["form", "keystroke ns", "min-max", "resolve µs", "min-max", "allocs/resolve"])
        for (name, figures) in [("typed Swift struct", typedFigures), ("defined (FormDefinition)", definedFigures)] {
            table.add([name, Format.fixed(figures.keystroke.median, 0),
                       Format.fixed(figures.keystroke.minimum, 0) + "-" + Format.fixed(figures.keystroke.maximum, 0),
                       Format.fixed(figures.resolve.median / 1_000, 2),
                       Format.fixed(figures.resolve.minimum / 1_000, 2) + "-" + Format.fixed(figures.resolve.maximum / 1_000, 2),
                       Format.fixed(figures.resolveAllocations, 1)])
        }
        table.add(["defined / typed", Format.ratio(keystroke), "", Format.ratio(resolve), "", ""])
        table.note("20 texts (max 100 characters), 10 whole numbers (0-1000), 10 decimals (>= 0, 2 places), 5 dates, 5 yes/no;")
        table.note("the same TextInputs and Rules on both sides. Keystroke: Form.type(_:into:) then validate(field:), every field in turn.")
        table.print()
        return [
            Goal(name: "forms defined keystroke", target: "a defined form's keystroke at most 1.5x a typed model's",
                 figure: Format.ratio(keystroke) + " (" + Format.fixed(definedFigures.keystroke.median, 0) + " vs "
                     + Format.fixed(typedFigures.keystroke.median, 0) + " ns)", passed: keystroke <= 1.5),
            Goal(name: "forms defined resolve", target: "a defined form's resolve at most 1.5x a typed model's",
                 figure: Format.ratio(resolve) + " (" + Format.fixed(definedFigures.resolve.median / 1_000, 2) + " vs "
                     + Format.fixed(typedFigures.resolve.median / 1_000, 2) + " µs)", passed: resolve <= 1.5),
        ]
    }
}
