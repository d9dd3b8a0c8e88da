// `pinform-bench forms`: resolving and live validation of forms of 10 to 10,000 integer fields,
// per field, for the three ways a field can reach its model. (Replaces the timed XCTest that
// measured the same: performance is measured here, never by a test.)
import CAllocCounter
import Forms
import Glibc

/// Measures `Form.resolve` and live validation as the form grows.
enum FormsBenchmark {
    static let sizes = [10, 100, 1_000, 10_000]

    /// How the fields reach the model.
    enum Binding: CaseIterable {
        /// `bind(_:to:rules:)` to a stored property: what an app's model has. A struct cannot
        /// have 10,000 stored properties, so field i writes property i % 10 of ten.
        case storedKeyPath
        /// `bind(input:binding:)` with a closure writing `model.values[i]` of a pre-sized array.
        case closureIntoArray
        /// `bind(_:to:rules:)` to `\.values[i]`: an array-element key path, built per field.
        case arrayElementKeyPath

        var label: String {
            switch self {
            case .storedKeyPath: "key path to a stored property"
            case .closureIntoArray: "closure writing values[i]"
            case .arrayElementKeyPath: "key path \\.values[i]"
            }
        }
    }

    /// One row of figures: nanoseconds per field (median of the runs) and allocations per field.
    struct Row {
        let binding: Binding
        let fields: Int
        let resolve: Samples
        let resolveAllocations: Double
        let validateOne: Samples
        let validateAll: Samples
    }

    private struct Model {
        var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0
        var values: [Int]
    }

    nonisolated(unsafe) private static let storedPaths: [WritableKeyPath<Model, Int>] = [
        \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9,
    ]

    private struct Built {
        let form: Form<Model>
        let inputs: [TextInput<Int>]
        let ids: [FieldID]
    }

    private static func build(_ binding: Binding, fields: Int) -> Built {
        let form = Form<Model>(prototype: Model(values: Array(repeating: 0, count: fields)))
        var inputs: [TextInput<Int>] = []
        var ids: [FieldID] = []
        inputs.reserveCapacity(fields)
        ids.reserveCapacity(fields)
        for index in 0..<fields {
            let input = TextInput<Int>(text: String(index), numberParsing: .posix)
            inputs.append(input)
            switch binding {
            case .storedKeyPath:
                ids.append(form.bind(input, to: storedPaths[index % storedPaths.count], rules: [.atLeast(0)]))
            case .arrayElementKeyPath:
                ids.append(form.bind(input, to: \Model.values[index], rules: [.atLeast(0)]))
            case .closureIntoArray:
                ids.append(form.bind(input: input) { model, input in
                    guard let value = input.output else { return (false, nil) }
                    guard value >= 0 else { return (false, nil) }
                    model.values[index] = value
                    return (true, nil)
                })
            }
        }
        var start = 0
        while start < fields {
            form.addRow(ids[start..<min(start + 4, fields)].map { FormElement($0) })
            start += 4
        }
        return Built(form: form, inputs: inputs, ids: ids)
    }

    /// Runs every binding at every size, `runs` timed runs each (after one untimed).
    static func run(runs: Int = 21) -> [Row] {
        var rows: [Row] = []
        for binding in Binding.allCases {
            for fields in sizes {
                rows.append(measure(binding, fields: fields, runs: runs))
            }
        }
        return rows
    }

    private static func measure(_ binding: Binding, fields: Int, runs: Int) -> Row {
        let built = build(binding, fields: fields)
        var model = Model(values: Array(repeating: -1, count: fields))
        // Small forms run many times per sample so that a sample is well above the clock's grain.
        let repeats = max(1, 10_000 / fields)
        var resolve = Samples(), validateOne = Samples(), validateAll = Samples()
        var allocations: UInt64 = 0

        for run in 0...runs {
            let before = pinform_allocation_count()
            let start = Clock.monotonic()
            for _ in 0..<repeats {
                let (success, _) = built.form.resolve(model: &model)
                precondition(success, "the benchmark's form must resolve")
            }
            let elapsed = Clock.monotonic() - start
            if run > 0 {
                resolve.append(elapsed / Double(repeats * fields))
                allocations += pinform_allocation_count() - before
            }
        }

        // Live validation as someone types: change one field's text, validate that field.
        for run in 0...runs {
            let start = Clock.monotonic()
            for _ in 0..<repeats {
                for (input, id) in zip(built.inputs, built.ids) {
                    input.text = "7"
                    precondition(built.form.validate(field: id).isEmpty)
                }
            }
            let elapsed = Clock.monotonic() - start
            if run > 0 { validateOne.append(elapsed / Double(repeats * fields)) }
        }

        // What a Save button's sensitivity needs after each change: every field at once.
        for run in 0...runs {
            let start = Clock.monotonic()
            for _ in 0..<repeats {
                precondition(built.form.validateAll().isEmpty)
            }
            let elapsed = Clock.monotonic() - start
            if run > 0 { validateAll.append(elapsed / Double(repeats * fields)) }
        }
        return Row(binding: binding, fields: fields, resolve: resolve,
                   resolveAllocations: Double(allocations) / Double(runs * repeats * fields),
                   validateOne: validateOne, validateAll: validateAll)
    }

    /// Resolves a form of `fields` fields until about `total` fields were resolved, for an
    /// instruction count: `valgrind --tool=callgrind --toggle-collect='*resolveForProfile*'`.
    static func profile(_ binding: Binding, fields: Int, total: Int) -> String {
        let built = build(binding, fields: fields)
        var model = Model(values: Array(repeating: -1, count: fields))
        let repeats = max(1, total / fields)
        resolveForProfile(built.form, &model, repeats: repeats)
        return "resolved \(Format.grouped(repeats)) x \(Format.grouped(fields)) fields (\(binding.label))"
    }

    @inline(never)
    private static func resolveForProfile(_ form: Form<Model>, _ model: inout Model, repeats: Int) {
        for _ in 0..<repeats {
            let (success, _) = form.resolve(model: &model)
            precondition(success)
        }
    }

    static func table(_ rows: [Row], runs: Int) -> Table {
        var table = Table("forms: ns per field (median of \(runs) runs; min-max)",
                          columns: ["binding", "fields", "resolve", "min-max", "allocs/field",
                                    "edit+validate(field:)", "validateAll()"])
        for row in rows {
            table.add([
                row.binding.label, Format.grouped(row.fields),
                Format.fixed(row.resolve.median, 1),
                Format.fixed(row.resolve.minimum, 1) + "-" + Format.fixed(row.resolve.maximum, 1),
                Format.fixed(row.resolveAllocations, 2),
                Format.fixed(row.validateOne.median, 1),
                Format.fixed(row.validateAll.median, 1),
            ])
        }
        table.note("Integer fields with one rule (.atLeast(0)), text \"0\"...\"9999\" parsed as POSIX numbers.")
        table.note("Small forms repeat each run to 10,000 field resolutions; allocations counted by interposed malloc.")
        return table
    }

    /// Nanoseconds per field of `binding` at `fields`.
    static func resolveCost(_ rows: [Row], _ binding: Binding, fields: Int) -> Double {
        rows.first { $0.binding == binding && $0.fields == fields }?.resolve.median ?? .nan
    }
}
