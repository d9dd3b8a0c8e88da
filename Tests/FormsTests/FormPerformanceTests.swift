import Foundation
import XCTest
import Forms

/// Resolving and validating must cost about the same per field at any size (no quadratic work).
/// The ≤ 1 µs per field budget is asserted only in optimized builds.
final class FormPerformanceTests: XCTestCase {
    private struct Wide {
        var numbers: [Int]
    }

    private func wideForm(fields: Int) -> (Form<Wide>, [TextInput<Int>], [FieldID]) {
        let form = Form<Wide>()
        var inputs: [TextInput<Int>] = []
        var ids: [FieldID] = []
        for index in 0..<fields {
            let input = TextInput<Int>(text: "\(index)", numberParsing: .posix)
            inputs.append(input)
            ids.append(form.bind(input, to: \Wide.numbers[index], rules: [.atLeast(0)]))
        }
        for start in stride(from: 0, to: fields, by: 4) {
            form.addRow(ids[start..<min(start + 4, fields)].map { FormElement($0) })
        }
        return (form, inputs, ids)
    }

    /// Nanoseconds per field of the fastest of several runs of `body` over `fields` fields.
    private func nanosecondsPerField(fields: Int, repeats: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start))
        }
        return best / Double(fields)
    }

    func testResolveCostPerFieldStaysFlat() {
        var costs: [Int: Double] = [:]
        for fields in [10, 100, 1_000, 10_000] {
            let (form, _, _) = wideForm(fields: fields)
            var model = Wide(numbers: Array(repeating: -1, count: fields))
            costs[fields] = nanosecondsPerField(fields: fields, repeats: max(3, 100_000 / fields)) {
                let (success, _) = form.resolve(model: &model)
                precondition(success)
            }
        }
        print("resolve ns/field:", costs.sorted { $0.key < $1.key })
        assertBudget(costs)
    }

    func testLiveValidationCostPerFieldStaysFlat() {
        var costs: [Int: Double] = [:]
        for fields in [10, 100, 1_000, 10_000] {
            let (form, inputs, ids) = wideForm(fields: fields)
            costs[fields] = nanosecondsPerField(fields: fields, repeats: max(3, 100_000 / fields)) {
                for (input, id) in zip(inputs, ids) {
                    input.text = "7"
                    precondition(form.validate(field: id).isEmpty)
                }
            }
        }
        print("validate ns/field:", costs.sorted { $0.key < $1.key })
        assertBudget(costs)
    }

    private func assertBudget(_ costs: [Int: Double]) {
        #if DEBUG
        _ = costs
        #else
        XCTAssertLessThanOrEqual(costs[10_000]!, 1_000, "more than 1 µs per field at 10,000 fields")
        XCTAssertLessThanOrEqual(costs[10_000]!, costs[100]! * 3, "cost per field grows with the form")
        #endif
    }
}
