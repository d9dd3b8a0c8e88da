import FormDefinitions
import Forms
import Foundation
import SeededRandom
import XCTest

/// Random token soup and random documents: every input is read, refused or computed, never a crash.
final class ExpressionFuzzTests: XCTestCase {
    private let fields: [FieldDefinition] = [
        FieldDefinition(id: "n", label: "N", kind: .decimal(places: 4)),
        FieldDefinition(id: "d", label: "D", kind: .date),
        FieldDefinition(id: "t", label: "T", kind: .text(.plain)),
        FieldDefinition(id: "y", label: "Y", kind: .yesNo),
        FieldDefinition(id: "l", label: "L", kind: .lines(columns: [FieldDefinition(id: "x", label: "X", kind: .wholeNumber)])),
    ]
    private let fragments = ["N", "D", "T", "Y", "L", "L.X", "[N]", "1", "0", "99999999999999999999", "0.000001", "\"a\"",
                             "+", "-", "*", "/", "&", "=", "!=", "<", ">=", "(", ")", ",", "if(", "round(", "min(", "max(",
                             "sum(", "count(", "years(", "today()", "[", "]", "\"", ".", " ", "é", "😀"]

    func testRandomExpressionsNeverCrash() {
        var random = SplitMix64(seed: 22)
        var record = DefinedRecord()
        record[decimal: "n"] = Decimal(string: "12345678901234567890.1234")
        record[date: "d"] = CalendarDate(year: 9999, month: 12, day: 31)
        record[text: "t"] = "x"
        record[yesNo: "y"] = true
        record[lines: "l"] = [DefinedRecord(values: ["x": .integer(Int64.max)]), DefinedRecord(values: ["x": .integer(Int64.min)])]
        let scope = ExpressionScope(fields: fields)
        var read = 0
        for _ in 0..<10_000 {
            let count = Int.random(in: 1...15, using: &random)
            let source = (0..<count).map { _ in fragments.randomElement(using: &random)! }.joined()
            guard let expression = try? Expression(source, scope: scope) else { continue }
            read += 1
            let result = expression.evaluate(in: ExpressionContext(record: record, today: CalendarDate(year: 1, month: 1, day: 1), parsing: .posix))
            if case .success(let value) = result {
                switch (expression.type, value) {
                case (_, .none), (.number, .decimal), (.text, .text), (.date, .date), (.yesNo, .yesNo): break
                default: XCTFail("\(source) is \(expression.type) but computed \(value)")
                }
            }
        }
        XCTAssertGreaterThan(read, 100, "the soup must reach the evaluator")
    }

    func testRandomBytesAreRefusedAsDocuments() {
        var random = SplitMix64(seed: 7)
        let valid = FormDocument.encode(FormTemplates.invoice)
        for _ in 0..<300 {
            var bytes = [UInt8](valid)
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if let definition = try? FormDocument.decode(Data(bytes)) {
                // A change that still reads is a definition: checking it must not crash either.
                _ = DefinitionCheck.problems(in: definition, existingForms: [])
            }
        }
    }
}
