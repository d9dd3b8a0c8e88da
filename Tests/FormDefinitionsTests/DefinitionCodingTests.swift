import FormDefinitions
import Forms
import Foundation
import XCTest

final class DefinitionCodingTests: XCTestCase {
    private func sample() -> FormDefinition {
        FormDefinition(id: "form-member", name: "Member", fields: [
            FieldDefinition(id: "name", label: "Name", kind: .text(.plain), rules: FieldRules(required: true, maxLength: 40)),
            FieldDefinition(id: "mail", label: "E-mail", kind: .text(.email)),
            FieldDefinition(id: "fee", label: "Fee", kind: .money(currency: "EUR"),
                            rules: FieldRules(minimum: Decimal(string: "0.5")), defaultValue: .decimal(Decimal(string: "12.50")!)),
            FieldDefinition(id: "level", label: "Level", kind: .choice(options: ["Gold", "Silver"])),
            FieldDefinition(id: "lines", label: "Lines", kind: .lines(columns: [
                FieldDefinition(id: "qty", label: "Quantity", kind: .decimal(places: 3)),
            ])),
            FieldDefinition(id: "total", label: "Total", kind: .computed(expression: "sum(Lines.Quantity)")),
        ], layout: [LayoutRow([.init("name", width: 2), .init("mail")])],
        removed: [FieldDefinition(id: "old", label: "Old", kind: .date)])
    }

    func testADefinitionRoundTripsThroughJSON() throws {
        let definition = sample()
        let data = try JSONEncoder().encode(definition)
        XCTAssertEqual(try JSONDecoder().decode(FormDefinition.self, from: data), definition)
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains(#""type":"money""#), text)
        XCTAssertTrue(text.contains(#""default":{"decimal":"12.5"}"#), text)
    }

    func testARecordRoundTripsWithEveryKindOfValue() throws {
        var record = DefinedRecord()
        record[text: "a"] = "Ann"
        record[integer: "b"] = Int64.max
        record[decimal: "c"] = Decimal(string: "12345678901234567890.123456789")
        record[date: "d"] = CalendarDate(year: 2026, month: 2, day: 28)
        record[yesNo: "e"] = false
        record[choice: "f"] = "Gold"
        record[link: "g"] = "42"
        record[lines: "h"] = [DefinedRecord(values: ["q": .integer(3)])]
        record.kept["z"] = .text("kept")
        let data = try JSONEncoder().encode(record)
        XCTAssertEqual(try JSONDecoder().decode(DefinedRecord.self, from: data), record)
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains(#""a":{"text":"Ann"}"#))
    }

    func testSubscriptsReadOnlyTheirOwnType() {
        var record = DefinedRecord()
        record[integer: "n"] = 7
        XCTAssertEqual(record[integer: "n"], 7)
        XCTAssertNil(record[decimal: "n"])
        XCTAssertNil(record[text: "n"])
        record[integer: "n"] = nil
        XCTAssertEqual(record.values.count, 0)
        XCTAssertEqual(record[value: "n"], .none)
    }

    func testAFormBindsAnInputToARecordSubscriptWithTheTypedRules() {
        let form = Form<DefinedRecord>(prototype: DefinedRecord())
        let input = TextInput<Int64>(text: "200", numberParsing: .posix)
        let field = form.bind(input, to: \DefinedRecord[integer: "age"], rules: [.atMost(120)])
        form.addRow([FormElement(field)])
        guard case .failure(let errors) = form.resolve(DefinedRecord()) else { return XCTFail("200 is too old") }
        XCTAssertEqual(errors[field].map(\.message), ["Enter 120 or less"])
        input.text = "42"
        XCTAssertEqual(try form.resolve(DefinedRecord()).get()[integer: "age"], 42)
    }

    func testRowsPlaceUnplacedFieldsAndDropUnknownOnes() {
        var definition = sample()
        definition.layout.append(LayoutRow(fields: ["nope", "name"]))
        let rows = definition.rows
        XCTAssertEqual(rows.first?.fields, ["name", "mail"])
        XCTAssertEqual(rows.map(\.fields).flatMap { $0 }, ["name", "mail", "fee", "level", "lines", "total"])
    }

    func testALinkReadsAsATypedReference() {
        var record = DefinedRecord()
        record[reference: "doctor"] = RecordRef(id: 42)
        XCTAssertEqual(record[value: "doctor"], .link("42"))
        XCTAssertEqual(record[reference: "doctor"], RecordRef(id: 42))
        record[link: "doctor"] = "not an id"
        XCTAssertNil(record[reference: "doctor"])
    }

    func testSummaryAndTextReadingForListsAndCSV() {
        let definition = sample()
        var record = DefinedRecord()
        record[text: "name"] = "Ann"
        record[decimal: "fee"] = Decimal(string: "12.5")
        record[choice: "level"] = "Gold"
        XCTAssertEqual(definition.summary(of: record, using: .posix), "Ann, 12.5, Gold")
        XCTAssertEqual(definition.value(of: definition.fields[2], fromText: "12.50"), .decimal(Decimal(string: "12.5")!))
        XCTAssertEqual(definition.value(of: definition.fields[3], fromText: "Bronze"), nil)
        XCTAssertEqual(definition.value(of: definition.fields[0], fromText: ""), FieldValue.none)
    }
}
