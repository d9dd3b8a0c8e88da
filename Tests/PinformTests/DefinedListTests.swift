import Controls
import Foundation
import FormDefinitions
import Forms
@_spi(Testing) import Gtk
import PinformCore
@testable import Pinform
@testable import PinformModels
import Storage
import XCTest
import TestFolders

/// A form defined in the app (Member) through the same records list as Person: sorted by its
/// typed columns, searched, edited, deleted and undone, exported to CSV and imported back, and
/// printed — over a real records database, with the panel the window shows.
final class DefinedListTests: TemporaryFolderTestCase {
    private typealias Member = DefinedModel<DefinedSlot0>
    private static let definition = FormDefinition(id: "club_member", name: "Member", fields: [
        FieldDefinition(id: "name", label: "Name", kind: .text(.plain), rules: FieldRules(required: true)),
        FieldDefinition(id: "age", label: "Age", kind: .wholeNumber),
        FieldDefinition(id: "fee", label: "Fee", kind: .decimal(places: 2)),
        FieldDefinition(id: "joined", label: "Joined", kind: .date),
        FieldDefinition(id: "active", label: "Active", kind: .yesNo),
    ])

    private static func member(_ name: String, age: Int64, fee: String, joined: CalendarDate, active: Bool) -> Member {
        var record = DefinedRecord()
        record[text: "name"] = name
        record[integer: "age"] = age
        record[decimal: "fee"] = Decimal(string: fee)
        record[date: "joined"] = joined
        record[yesNo: "active"] = active
        return Member(record: record)
    }

    private static let members = [
        member("Ada Lovelace", age: 36, fee: "40.50", joined: CalendarDate(year: 2020, month: 3, day: 1), active: true),
        member("Bo", age: 9, fee: "5", joined: CalendarDate(year: 2024, month: 1, day: 15), active: false),
        member("Grace Hopper", age: 100, fee: "120.25", joined: CalendarDate(year: 2019, month: 12, day: 9), active: true),
    ]

    private func withPanel(_ body: @MainActor (RecordsPanel<Member>, RecordsDatabase, Toast) throws -> Void) throws {
        try withDefinedForms { records, forms in
            try forms.save(Self.definition)
            XCTAssertTrue(forms.model(for: "club_member") is Member.Type)
            let toast = Toast()
            let window = Window()
            let panel = RecordsPanel<Member>(records: records, window: window, toast: toast)
            for member in Self.members { XCTAssertNotNil(panel.insert(member)) }
            try body(panel, records, toast)
        }
    }

    func testADefinedFormsListSortsByTypedValuesAndSearches() throws {
        try withPanel { panel, _, _ in
            let ids = panel.list.recordIDs  // Ada, Bo, Grace
            XCTAssertEqual(ids.count, 3)
            panel.list.sort(by: 1, ascending: false)  // Age as numbers: 100, 36, 9 (as text: 9, 36, 100)
            XCTAssertEqual(panel.list.recordIDs, [ids[2], ids[0], ids[1]])
            panel.list.sort(by: 2, ascending: true)  // Fee: 5, 40.50, 120.25
            XCTAssertEqual(panel.list.recordIDs, [ids[1], ids[0], ids[2]])
            panel.list.sort(by: 3, ascending: true)  // Joined by day: 2019, 2020, 2024
            XCTAssertEqual(panel.list.recordIDs, [ids[2], ids[0], ids[1]])
            panel.list.search("hopper")
            XCTAssertEqual(panel.list.recordIDs, [ids[2]])
            panel.list.search("")
            XCTAssertEqual(panel.list.rowCount, 3)
        }
    }

    func testADefinedRecordIsEditedDeletedAndUndone() throws {
        try withPanel { panel, records, toast in
            let store = try records.store(Member.self)
            let ids = panel.list.recordIDs
            let base = try XCTUnwrap(try store.record(id: RecordID(ids[1])))
            // The edit dialog's form loads the record and gives it back unchanged, then edited.
            let form = Member.makeForm(ModelContext(records: records))
            form.load(base.model)
            XCTAssertEqual(try form.resolve(Member.blank).get(), base.model)
            var edited = base.model
            edited.record[integer: "age"] = 10
            edited.record[text: "name"] = "Bo Diddley"
            panel.save(edited, basedOn: base, in: store)
            XCTAssertEqual(try store.record(id: RecordID(ids[1]))?.model, edited)
            panel.list.search("diddley")
            XCTAssertEqual(panel.list.recordIDs, [ids[1]], "the edit is searched")
            panel.list.search("")

            XCTAssertTrue(panel.list.select(id: ids[0]))
            panel.deleteButton.click()
            XCTAssertEqual(panel.list.recordIDs, [ids[1], ids[2]])
            XCTAssertEqual(try store.count(), 2)
            XCTAssertTrue(toast.performAction())  // Undo
            XCTAssertEqual(panel.list.recordIDs, ids)
            XCTAssertEqual(try store.record(id: RecordID(ids[0]))?.model, Self.members[0])
        }
    }

    func testADefinedFormsRecordsExportToCSVAndImportBackTheSame() throws {
        let folder = self.folder!
        try withPanel { panel, records, _ in
            let file = folder.appendingPathComponent("members.csv")
            panel.export(to: file)
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertTrue(text.hasPrefix("Name,Age,Fee,Joined,Active\r\n"), text)
            XCTAssertEqual(text.split(separator: "\r\n").count, 4, text)
            let table = try CSVReader().table(contentsOf: file)
            let mapping = ImportMapping.guess(headers: table.header, fieldNames: Member.importFieldNames)
            XCTAssertEqual(mapping.fields, [0, 1, 2, 3, 4], "every column is read by its field")
            let reader = Member.makeRowReader(ModelContext(records: records))
            let preview = ImportPreview<Member>(table: table, mapping: mapping, existingKeys: []) { reader.resolve($0) }
            XCTAssertEqual(preview.createdRecords, Self.members)
            let keys = Set(try XCTUnwrap(panel.store).list().compactMap(\.model.duplicateKey))
            let again = ImportPreview<Member>(table: table, mapping: mapping, existingKeys: keys) { reader.resolve($0) }
            XCTAssertEqual(again.duplicateCount, 3, "imported again, every row is a saved member")
            panel.insertImported(preview.createdRecords)
            XCTAssertEqual(panel.list.rowCount, 6)
        }
    }

    func testADefinedRecordAndItsListPrint() throws {
        let url = folder.appendingPathComponent("members.pdf")
        try withPanel { panel, _, _ in
            let ids = panel.list.recordIDs
            XCTAssertTrue(panel.list.select(id: ids[0]))
            let one = try panel.printout()
            XCTAssertEqual(one.title, "Member")
            XCTAssertEqual(one.subtitle, Self.members[0].summary)
            guard case .fields(let pairs) = one.blocks.first else { return XCTFail("no fields") }
            XCTAssertEqual(pairs.map(\.label), ["Name", "Age", "Fee", "Joined", "Active"])
            XCTAssertEqual(pairs.first?.value, "Ada Lovelace")

            panel.list.select(ids: [])
            panel.list.search("hopper")
            let list = try panel.printout()
            guard case .table(let table) = list.blocks.first else { return XCTFail("no table") }
            XCTAssertEqual(table.headers, ["Name", "Age", "Fee", "Joined", "Active"])
            XCTAssertEqual(table.rows.map { $0[0] }, ["Grace Hopper"])
            XCTAssertEqual(table.numericColumns, [1, 2, 4], "numbers and yes/no align as numbers")
            // Rendered through the print operation's PDF export, as Print to File writes it.
            try DocumentPrinter(list).export(to: url, paper: .a4)
            XCTAssertGreaterThan(try Data(contentsOf: url).count, 1000)
        }
    }
}
