import FormDefinitions
import Forms
import Foundation
import XCTest

final class DefinitionChangeTests: XCTestCase {
    private let old = FormDefinition(id: "form-m", name: "Member", fields: [
        FieldDefinition(id: "name", label: "Name", kind: .text(.plain)),
        FieldDefinition(id: "phone", label: "Phone", kind: .text(.phone)),
        FieldDefinition(id: "visits", label: "Visits", kind: .wholeNumber),
        FieldDefinition(id: "code", label: "Code", kind: .text(.plain)),
    ])

    private var records: [DefinedRecord] {
        [
            DefinedRecord(values: ["name": .text("Ann"), "phone": .text("123"), "visits": .integer(3), "code": .text("12")]),
            DefinedRecord(values: ["name": .text("Bob"), "visits": .integer(5), "code": .text("A-7")]),
            DefinedRecord(values: ["name": .text("Cy")]),
        ]
    }

    func testAddingAFieldGivesOldRecordsItsDefault() {
        var new = old
        new.fields.append(FieldDefinition(id: "paid", label: "Paid", kind: .yesNo, defaultValue: .yesNo(false)))
        let change = DefinitionChange(from: old, to: new)
        XCTAssertEqual(change.steps, [.added("paid", default: .yesNo(false))])
        XCTAssertEqual(change.impact(on: records).map(\.records), [3])
        XCTAssertEqual(change.apply(to: records).map { $0[yesNo: "paid"] }, [false, false, false])
    }

    func testRemovingKeepsTheValuesAndRestoringBringsThemBack() {
        var new = old
        new.removed = [new.fields.remove(at: 1)]
        let removal = DefinitionChange(from: old, to: new)
        XCTAssertEqual(removal.steps, [.removed("phone")])
        XCTAssertEqual(removal.summary(of: records), ["“Phone” is removed: its value in 1 record is kept and can be restored"])
        let hidden = removal.apply(to: records)
        XCTAssertNil(hidden[0][text: "phone"])
        XCTAssertEqual(hidden[0].kept["phone"], .text("123"))
        let restored = DefinitionChange(from: new, to: old).apply(to: hidden)
        XCTAssertEqual(restored, records)
    }

    func testRenamingKeepsEveryValue() {
        var new = old
        new.fields[0].label = "Full name"
        let change = DefinitionChange(from: old, to: new)
        XCTAssertEqual(change.steps, [.renamed("name", from: "Name", to: "Full name")])
        XCTAssertTrue(change.leavesRecordsAlone)
        XCTAssertEqual(change.apply(to: records), records)
    }

    func testChangingAKindConvertsWhereItCanAndKeepsTheOldTextWhereItCannot() {
        var new = old
        new.fields[2].kind = .decimal(places: 2)
        new.fields[3].kind = .wholeNumber
        let change = DefinitionChange(from: old, to: new)
        let impacts = change.impact(on: records)
        XCTAssertEqual(impacts.map(\.records), [2, 2])
        XCTAssertEqual(impacts.map(\.kept), [0, 1])
        let after = change.apply(to: records)
        XCTAssertEqual(after[0][decimal: "visits"], 3)
        XCTAssertEqual(after[0][integer: "code"], 12)
        XCTAssertNil(after[1][integer: "code"])
        XCTAssertEqual(after[1].kept["code"], .text("A-7"))
        XCTAssertEqual(change.affectedCount(records), 2)
        XCTAssertEqual(change.summary(of: records)[1],
                       "“Code” changes from Text to Whole number: 2 records are affected (1 value cannot be converted; it is kept, not lost)")
    }

    func testConversionsNeverLoseAnything() {
        XCTAssertEqual(ValueConversion.convert(.decimal(Decimal(string: "2.5")!), to: .wholeNumber), nil)
        XCTAssertEqual(ValueConversion.convert(.decimal(Decimal(string: "2.125")!), to: .money(currency: "EUR")), nil)
        XCTAssertEqual(ValueConversion.convert(.text("2026-11-30"), to: .date), .date(CalendarDate(year: 2026, month: 11, day: 30)))
        XCTAssertEqual(ValueConversion.convert(.text("yes"), to: .yesNo), .yesNo(true))
        XCTAssertEqual(ValueConversion.convert(.text("gold"), to: .choice(options: ["Gold"])), .choice("Gold"))
        XCTAssertEqual(ValueConversion.convert(.integer(12), to: .text(.plain)), .text("12"))
        XCTAssertEqual(ValueConversion.convert(.text("12.5"), to: .decimal(places: 1)), .decimal(Decimal(string: "12.5")!))
    }

    func testLineItemColumnsChangeInEveryRow() {
        let before = FormDefinition(id: "form-i", name: "I", fields: [
            FieldDefinition(id: "lines", label: "Lines", kind: .lines(columns: [FieldDefinition(id: "q", label: "Q", kind: .wholeNumber)])),
        ])
        var after = before
        after.fields[0].kind = .lines(columns: [FieldDefinition(id: "q", label: "Q", kind: .decimal(places: 2))])
        let record = DefinedRecord(values: ["lines": .lines([DefinedRecord(values: ["q": .integer(2)])])])
        let changed = DefinitionChange(from: before, to: after).apply(to: record)
        XCTAssertEqual(changed[lines: "lines"].first?[decimal: "q"], 2)
    }

    func testComputedFieldsAreComputedAgainWhenTodayIsGiven() {
        var new = old
        new.fields.append(FieldDefinition(id: "double", label: "Double", kind: .computed(expression: "Visits * 2")))
        let after = DefinitionChange(from: old, to: new).apply(to: records, today: CalendarDate(year: 2026, month: 1, day: 1))
        XCTAssertEqual(after.map { $0[value: "double"] }, [.decimal(6), .decimal(10), FieldValue.none])
    }
}
