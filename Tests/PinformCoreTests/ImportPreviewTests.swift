import Forms
import PinformCore
import Storage
import XCTest

/// A member of a club, as an import test reads one: text, a number, a flag.
struct Member: Codable, Equatable {
    var name: String
    var email: String
    var age: UInt
    var isActive: Bool
}

extension Member: RecordModel {
    static var title: String { "Member" }
    static var settingsKey: String { "member" }
    static var iconName: String { "avatar-default-symbolic" }
    static var blank: Member { Member(name: "", email: "", age: 0, isActive: false) }
    static var table: String { "member" }
    static var exportFileName: String { "members.csv" }
    static var fields: [RecordField<Member>] {
        [.text("Name", stored: "name", \.name), .text("Email", stored: "email", \.email),
         .number("Age", stored: "age", \.age), .flag("Active", stored: "active", \.isActive)]
    }
    var summary: String { name }
    var duplicateKey: String? { email.isEmpty ? nil : ImportText.folded(email) }
}

/// A model that keeps the default duplicate key.
struct Label: Codable, Equatable {
    var text: String
    var size: Int
}

extension Label: RecordModel {
    static var title: String { "Label" }
    static var settingsKey: String { "label" }
    static var iconName: String { "tag-symbolic" }
    static var blank: Label { Label(text: "", size: 0) }
    static var table: String { "label" }
    static var exportFileName: String { "labels.csv" }
    static var fields: [RecordField<Label>] { [.text("Text", stored: "text", \.text), .number("Size", stored: "size", \.size)] }
    var summary: String { text }
}

/// ImportMapping, ImportPreview and FormRowReader: a file's rows read through the model's form,
/// each created, invalid with the form's reasons, or a duplicate.
final class ImportPreviewTests: XCTestCase {
    /// The form a person would type a member in, headless; its labels are the fields' titles.
    @MainActor
    private func reader() -> FormRowReader<Member> {
        let form = Form<Member>(prototype: Member.blank)
        let name = form.bind(TextInput<String>(), to: \.name, rules: [.required])
        let email = form.bind(TextInput<String>(), to: \.email)
        let age = form.bind(TextInput<UInt>(), to: \.age, rules: [.atMost(120, message: "Must be 120 or less")])
        let active = form.bind(TextInput<Bool>(), to: \.isActive)
        form.addRow([FormElement(name), FormElement(email), FormElement(age), FormElement(active)])
        return FormRowReader(form: form, blank: Member.blank, titles: Member.fields.map(\.title),
                             labels: [name: "Name", email: "Email", age: "Age", active: "Active"])
    }

    @MainActor
    private func preview(_ csv: String, existing: Set<String> = []) throws -> ImportPreview<Member> {
        let table = try CSVReader().table(from: Array(csv.utf8))
        let mapping = ImportMapping.guess(headers: table.header, fieldNames: Member.fields.map { [$0.title] })
        let reader = reader()
        return ImportPreview(table: table, mapping: mapping, existingKeys: existing) { reader.resolve($0) }
    }

    @MainActor
    func testHeadersAreMatchedWithoutCasePunctuationOrOrder() async throws {
        let mapping = ImportMapping.guess(headers: ["E-MAIL", "notes", "name ", "Âge"],
                                          fieldNames: [["Name"], ["Email"], ["Age", "Alter"], ["Active"]])
        XCTAssertEqual(mapping.fields, [1, nil, 0, 2])
        XCTAssertFalse(mapping.isByPosition)
    }

    @MainActor
    func testUnknownHeadersOfTheExportsWidthAreTakenInOrder() async throws {
        let mapping = ImportMapping.guess(headers: ["Nom", "Courriel", "Années", "Actif"],
                                          fieldNames: Member.fields.map { [$0.title] })
        XCTAssertEqual(mapping.fields, [0, 1, 2, 3])
        XCTAssertTrue(mapping.isByPosition)
    }

    @MainActor
    func testKnownHeadersKeepTheirFieldsAndTheOthersTakeTheirPlaces() async throws {
        let mapping = ImportMapping.guess(headers: ["Nom", "Active", "Âge", "Courriel"],
                                          fieldNames: Member.fields.map { [$0.title] })
        XCTAssertEqual(mapping.fields, [0, 3, 2, nil])
        XCTAssertTrue(mapping.isByPosition)
    }

    @MainActor
    func testSettingAFieldTakesItFromItsPreviousColumn() async throws {
        var mapping = ImportMapping(fields: [0, 1])
        mapping.set(field: 0, forColumn: 1)
        XCTAssertEqual(mapping.fields, [nil, 0])
    }

    @MainActor
    func testRowsAreCreatedInvalidWithTheFormsReasonsOrDuplicates() async throws {
        let preview = try preview("""
        Name;Email;Age;Active
        Ada;ada@example.com;36;Yes
        ;nobody@example.com;20;No
        Old;old@example.com;130;No
        Bob;BOB@example.com;twelve;No
        Ada again;ADA@example.com;37;No
        Cy;saved@example.com;40;No
        """, existing: ["saved@example.com"])
        XCTAssertEqual(preview.rows.map(\.line), [2, 3, 4, 5, 6, 7])
        XCTAssertEqual(preview.createdRecords, [Member(name: "Ada", email: "ada@example.com", age: 36, isActive: true)])
        guard case .invalid(let empty) = preview.rows[1].outcome, case .invalid(let old) = preview.rows[2].outcome,
              case .invalid(let word) = preview.rows[3].outcome else { return XCTFail("\(preview.rows)") }
        XCTAssertEqual(empty, ["Name: Required"])
        XCTAssertEqual(old, ["Age: Must be 120 or less"])
        XCTAssertEqual(word.count, 1)
        XCTAssertTrue(word[0].hasPrefix("Age: "), word[0])
        guard case .duplicate(_, let line) = preview.rows[4].outcome else { return XCTFail() }
        XCTAssertEqual(line, 2)
        guard case .duplicate(_, nil) = preview.rows[5].outcome else { return XCTFail() }
        XCTAssertEqual([preview.createdCount, preview.invalidCount, preview.duplicateCount], [1, 3, 2])
        XCTAssertEqual(ImportPreview<Member>.outcomeText(preview.rows[4]), "Duplicate of line 2")
        XCTAssertEqual(preview.summary, "1 new record, 3 invalid rows left out, 2 duplicates left out")
    }

    @MainActor
    func testAFormulaCellMakesItsRowInvalidButTheExportsProtectedOneIsTakenBack() async throws {
        let preview = try preview("Name,Email,Age,Active\r\n=HYPERLINK(\"x\"),a@b.c,1,No\r\n'=1+1,d@e.f,-5,No\r\n'@home,g@h.i,2,No\r\n")
        guard case .invalid(let messages) = preview.rows[0].outcome else { return XCTFail() }
        XCTAssertEqual(messages.first, "Name: starts like a spreadsheet formula (=, +, -, @); it is not imported")
        // "-5" is a number, not a formula: the form refuses it as a whole number.
        XCTAssertTrue(preview.rows[1].isInvalid)
        XCTAssertFalse(ImportText.isFormula("-5"))
        XCTAssertFalse(ImportText.isFormula("+49 30 1234-56"))
        XCTAssertTrue(ImportText.isFormula("+1+1"))
        XCTAssertTrue(ImportText.isFormula("-2+3"))
        XCTAssertTrue(ImportText.isFormula("+cmd|' /C calc'!A0"))
        XCTAssertTrue(ImportText.isFormula("@SUM(A1)"))
        XCTAssertEqual(preview.rows[1].cells[0], "=1+1")
        XCTAssertEqual(preview.rows[2].created?.name, "@home")
    }

    @MainActor
    func testExportThenImportGivesTheSameRecords() async throws {
        let members = [Member(name: "Ada, \"the first\"", email: "ada@example.com", age: 36, isActive: true),
                       Member(name: "=cmd|' /C calc'!A0", email: "x@example.com", age: 0, isActive: false),
                       Member(name: "Zoë\nsecond line", email: "zoe@example.com", age: 120, isActive: true)]
        let csv = CSVWriter().document(header: Member.fields.map(\.title),
                                       rows: members.map { member in Member.fields.map { $0.text(member) } })
        let preview = try preview(csv)
        XCTAssertEqual(preview.createdRecords, members)
    }

    @MainActor
    func testTwoThousandRowsPreviewQuickly() async throws {
        var csv = "Name,Email,Age,Active\n"
        for index in 0..<2_000 { csv += "Person \(index),p\(index)@example.com,\(index % 100),No\n" }
        let start = ContinuousClock.now
        let preview = try preview(csv)
        let elapsed = ContinuousClock.now - start
        XCTAssertEqual(preview.createdCount, 2_000)
        XCTAssertLessThan(elapsed, .seconds(2), "\(elapsed)")
    }

    @MainActor
    func testTheDefaultDuplicateKeyIsEveryFieldFolded() async throws {
        XCTAssertEqual(Label(text: " Émile ", size: 3).duplicateKey, "emile\u{1F}3")
        XCTAssertEqual(Label(text: "EMILE", size: 3).duplicateKey, Label(text: "emile", size: 3).duplicateKey)
    }
}
