import Foundation
import SeededRandom
import XCTest
@testable import Forms

/// Random sequences of what a clerk does to an invoice's lines — add, remove, move, type (good
/// and bad text), undo, redo — checked after every step against a plain array of what the rows
/// should hold; then undoing everything must give the loaded invoice back, and a draft taken at
/// any point must restore into a fresh form exactly.
final class LineItemsPropertyTests: XCTestCase {
    private typealias Line = InvoiceFixture.Line

    /// What one row should show: its four texts.
    private struct ExpectedRow: Equatable {
        var id: RowID
        var texts: [String?]
    }

    private static let texts = ["", "1", "2.5", "0.2", "x", "12,5", " 3 ", "-1", "1e2", "Glue", "٣", "1.", "0.07"]

    private func actual(_ fixture: InvoiceFixture) -> [ExpectedRow] {
        fixture.lines.rows.map { row in
            ExpectedRow(id: row, texts: [InvoiceFixture.LineField.description, .quantity, .unitPrice, .taxRate]
                .map { fixture.text($0, in: row) })
        }
    }

    func testRandomEditsMatchAPlainArrayAndUndoAllGivesTheLoadedInvoiceBack() throws {
        for seed in UInt64(1)...20 {
            var generator = SplitMix64(seed: seed)
            let fixture = InvoiceFixture()
            fixture.form.load(InvoiceFixture.sample)
            let start = actual(fixture)
            var expected = start
            var undone: [[ExpectedRow]] = []
            var history: [[ExpectedRow]] = []
            for _ in 0..<120 {
                let rows = fixture.lines.rows
                let pick = { (count: Int) in Int(generator.next() % UInt64(max(count, 1))) }
                let before = expected
                var recorded = true
                switch generator.next() % 8 {
                case 0:
                    let at = pick(rows.count + 1)
                    let row = fixture.lines.add(at: at)
                    expected.insert(ExpectedRow(id: row, texts: ["", "1", "0", "0"]), at: at)
                case 1 where !rows.isEmpty:
                    let index = pick(rows.count)
                    fixture.lines.remove(rows[index])
                    expected.remove(at: index)
                case 2 where rows.count > 1:
                    let (from, to) = (pick(rows.count), pick(rows.count))
                    fixture.lines.move(rows[from], to: to)
                    if from != to { expected.insert(expected.remove(at: from), at: to) } else { recorded = false }
                case 3 where !rows.isEmpty, 4 where !rows.isEmpty:
                    let (index, column) = (pick(rows.count), pick(4))
                    let text = Self.texts[pick(Self.texts.count)]
                    fixture.type(text, into: InvoiceFixture.LineField(rawValue: column)!, of: rows[index])
                    // Every edit is its own step here: the typing group ends each time.
                    fixture.form.endEditing()
                    if (expected[index].texts[column] ?? "") == text { recorded = false }
                    expected[index].texts[column] = text
                case 5 where !history.isEmpty:
                    XCTAssertTrue(fixture.form.undo())
                    undone.append(expected)
                    expected = history.removeLast()
                    recorded = false
                case 6 where !undone.isEmpty:
                    XCTAssertTrue(fixture.form.redo())
                    history.append(expected)
                    expected = undone.removeLast()
                    recorded = false
                default:
                    recorded = false
                }
                if recorded {
                    history.append(before)
                    undone.removeAll()
                }
                XCTAssertEqual(actual(fixture), expected, "seed \(seed)")
                XCTAssertEqual(fixture.form.canUndo, !history.isEmpty, "seed \(seed)")
                XCTAssertEqual(fixture.form.canRedo, !undone.isEmpty, "seed \(seed)")
                let items = fixture.lines.rows.map { fixture.lines.form(for: $0).modelAsTyped! }
                XCTAssertEqual(fixture.form.modelAsTyped?.lines, items, "the model as typed follows the rows, seed \(seed)")
                XCTAssertEqual(fixture.lines.rowsInError, Set(fixture.lines.rows.filter {
                    !fixture.lines.form(for: $0).validateAll().isEmpty
                }), "seed \(seed)")
            }
            if seed % 5 == 0 {
                let fresh = InvoiceFixture()
                fresh.form.load(InvoiceFixture.sample)
                try fresh.form.restore(fixture.form.draft())
                XCTAssertEqual(actual(fresh), expected, "draft, seed \(seed)")
            }
            while fixture.form.undo() {}
            XCTAssertEqual(actual(fixture), start, "seed \(seed)")
            XCTAssertFalse(fixture.form.isDirty, "seed \(seed)")
            XCTAssertEqual(try fixture.form.resolve(InvoiceFixture.Invoice()).get().lines, InvoiceFixture.sample.lines)
        }
    }

    func testRandomTextInEveryFieldRestoresFromADraftExactly() throws {
        var generator = SplitMix64(seed: 99)
        let alphabet = Array("0123456789 .,-eéx\u{00A0}\t👍🏽٣")
        for _ in 0..<200 {
            let fixture = InvoiceFixture()
            let random = { () -> String in
                let length = Int(generator.next() % 10)
                return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            }
            for field in [fixture.fields.number, fixture.fields.customer, fixture.fields.issued, fixture.fields.paid] {
                fixture.form.type(random(), into: field)
            }
            for _ in 0..<Int(generator.next() % 4) {
                let row = fixture.lines.add()
                for column in 0..<4 { fixture.type(random(), into: InvoiceFixture.LineField(rawValue: column)!, of: row) }
            }
            let data = try JSONEncoder().encode(fixture.form.draft())
            let fresh = InvoiceFixture()
            try fresh.form.restore(JSONDecoder().decode(FormDraft.self, from: data))
            XCTAssertEqual(fresh.form.draft(), fixture.form.draft())
            XCTAssertEqual(fresh.form.fieldsInError, fixture.form.fieldsInError)
            XCTAssertEqual(fresh.totalText.text, fixture.totalText.text)
        }
    }
}
