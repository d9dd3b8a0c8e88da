@testable import Controls
import Foundation
import FormDefinitions
import Forms
@_spi(Testing) import Gtk
import XCTest
@testable import Pinform
@_spi(Testing) @testable import PinformModels
import PinformCore
import Storage

/// Saving two records in a row in the form window's page of each model: the second starts from
/// the model's blank values (the invoice's currency was "(None)" and Paid kept the last value).
final class FormPageTests: XCTestCase {
    /// Each placed input's text, by its label.
    @MainActor
    private static func texts<Model>(of form: FormView<Model>) -> [String: String] {
        var result: [String: String] = [:]
        for field in form.form.layout.placedFields {
            guard let input = form.input(for: field), let text = input as? any FormInput else { continue }
            result[input.focusTarget.mnemonicLabelText ?? "\(field)"] = text.text ?? ""
        }
        return result
    }

    /// Types `values` (by label) into the page's form.
    @MainActor
    private static func fill<Model>(_ form: FormView<Model>, _ values: [String: String]) {
        for field in form.form.layout.placedFields {
            guard let input = form.input(for: field), let text = input as? any FormInput,
                  let name = input.focusTarget.mnemonicLabelText, let value = values[name] else { continue }
            text.text = value
        }
    }

    /// Saves `first`, then `second` over what the form shows after the first save; returns the
    /// two saved models and checks the form starts blank after each.
    @MainActor
    private static func saveTwice<Model: FormModel>(_: Model.Type, context: ModelContext = ModelContext(records: nil),
                                                    first: [String: String], second: [String: String],
                                                    choose: (FormView<Model>, Int) -> Void = { _, _ in },
                                                    file: StaticString = #filePath, line: UInt = #line) -> [Model] {
        let page = FormPage<Model>(context: context)
        var saved: [Model] = []
        page.onSave = { saved.append($0) }
        let blank = texts(of: page.form)
        fill(page.form, first)
        choose(page.form, 0)
        XCTAssertNotEqual(texts(of: page.form), blank, "the first record was typed", file: file, line: line)
        page.save()
        XCTAssertEqual(texts(of: page.form), blank, "after a save the form shows a fresh form's values", file: file, line: line)
        fill(page.form, second)
        choose(page.form, 1)
        page.save()
        XCTAssertEqual(texts(of: page.form), blank, file: file, line: line)
        XCTAssertEqual(saved.count, 2, "both records saved", file: file, line: line)
        return saved
    }

    func testTheSecondInvoiceStartsWithTheFirstCurrencyAndUnpaid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-formpage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = AppPaths(dataDirectory: folder.appendingPathComponent("data"), configDirectory: folder.appendingPathComponent("config"))
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths, key: try SecretBytes.random(count: KeyVault.dataKeyLength))
            defer { records.close() }
            let people = try records.store(Person.self)
            let ada = Person(firstName: "Ada", lastName: "Lovelace", email: Email("ada@example.com")!, height: 1.65)
            let alan = Person(firstName: "Alan", lastName: "Turing", email: Email("alan@example.com")!, height: 1.78)
            try people.insert(ada)
            try people.insert(alan)
            let day = CalendarDate(year: 2026, month: 11, day: 30).formatted(using: .current)
            let dates = ["Issue date": day, "Due date": day]
            // The customer is chosen among the people, as typed into the chooser and picked with Enter.
            let saved = Self.saveTwice(Invoice.self, context: ModelContext(records: records),
                                       first: dates.merging(["Number": "1", "Currency": "chf", "Paid": "true"]) { $1 },
                                       second: dates.merging(["Number": "2"]) { $1 }) { view, index in
                let chooser = view.form.layout.placedFields.compactMap { view.input(for: $0) as? ReferenceChooser<Person> }.first
                chooser?.entry.text = index == 0 ? "lovel" : "turing"
                _ = chooser?.takesEnter()
            }
            XCTAssertEqual(saved.first?.currency, .chf)
            XCTAssertEqual(saved.first?.isPaid, true)
            XCTAssertEqual(saved.last?.currency, Invoice.blank.currency)
            XCTAssertEqual(saved.last?.isPaid, Invoice.blank.isPaid)
            XCTAssertEqual(saved.last?.customerName, alan.summary)
        }
    }

    /// A form made in the app, with a choice and a yes/no field, starts its second record from
    /// its blank values too (point 4 of the window issue, "every model").
    func testTheSecondRecordOfAFormMadeInTheAppStartsBlank() throws {
        typealias Member = DefinedModel<DefinedSlot0>
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-formpage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = AppPaths(dataDirectory: folder.appendingPathComponent("data"), configDirectory: folder.appendingPathComponent("config"))
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths, key: try SecretBytes.random(count: KeyVault.dataKeyLength))
            let forms = DefinedForms.shared
            forms.forgetAll()
            defer { forms.forgetAll(); records.close() }
            forms.load(from: records)
            try forms.save(FormDefinition(id: "club_member", name: "Member", fields: [
                FieldDefinition(id: "name", label: "Name", kind: .text(.plain), rules: FieldRules(required: true)),
                FieldDefinition(id: "plan", label: "Plan", kind: .choice(options: ["Basic", "Gold"])),
                FieldDefinition(id: "active", label: "Active", kind: .yesNo),
            ]))
            XCTAssertTrue(forms.model(for: "club_member") is Member.Type)
            let saved = Self.saveTwice(Member.self, context: ModelContext(records: records),
                                       first: ["Name": "Ada", "Plan": "Gold", "Active": "true"], second: ["Name": "Alan"])
            XCTAssertEqual(saved.first?.record[choice: "plan"], "Gold")
            XCTAssertEqual(saved.first?.record[yesNo: "active"], true)
            XCTAssertEqual(saved.last?.record[text: "name"], "Alan")
            XCTAssertEqual(saved.last?.record[choice: "plan"], Member.blank.record[choice: "plan"])
            // A switch starts off (it cannot show "none"): off, not the first record's on.
            XCTAssertEqual(saved.last?.record[yesNo: "active"], false)
        }
    }

    /// The page listens to every input as the form does: a line typed last, with no other
    /// field changed after it, makes Save sensitive (the page's listener used to replace the
    /// form's on the lines editor and on the customer chooser).
    func testSaveIsSensitiveRightAfterTheLineIsTypedLast() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-formpage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = AppPaths(dataDirectory: folder.appendingPathComponent("data"), configDirectory: folder.appendingPathComponent("config"))
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths, key: try SecretBytes.random(count: KeyVault.dataKeyLength))
            defer { records.close() }
            try records.store(Person.self).insert(Person(firstName: "Ada", lastName: "Lovelace",
                                                         email: Email("ada@example.com")!, height: 1.65))
            let page = FormPage<Invoice>(context: ModelContext(records: records))
            let day = CalendarDate(year: 2026, month: 11, day: 30).formatted(using: .current)
            Self.fill(page.form, ["Number": "1", "Issue date": day, "Due date": day])
            let inputs = page.form.form.layout.placedFields.compactMap { page.form.input(for: $0) }
            let chooser = try XCTUnwrap(inputs.compactMap { $0 as? ReferenceChooser<Person> }.first)
            chooser.entry.text = "lovel"
            XCTAssertTrue(chooser.takesEnter())
            XCTAssertTrue(page.saveButton.isSensitive, "a chosen customer makes the invoice savable")
            let lines = try XCTUnwrap(inputs.compactMap { $0 as? LineItemsEditor<Invoice.Line> }.first)
            let row = lines.addRow()
            XCTAssertFalse(page.saveButton.isSensitive, "an empty line has no description")
            let rowView = try XCTUnwrap(lines.rowView(for: row))
            Self.fill(rowView, ["Description": "Work", "Unit price": "100"])
            XCTAssertTrue(page.saveButton.isSensitive, "Save stayed insensitive after a valid line, typed last")
        }
    }

    func testTheLastSavedLineDoesNotWidenTheActionBar() {
        GtkRuntime.test {
            let page = FormPage<Person>(context: ModelContext(records: nil))
            let before = page.actionBar.minimumWidth
            Self.fill(page.form, ["First name": "Ada", "Last name": "Lovelace", "Email": "ada@example.com", "Height": "1.65"])
            page.save()
            XCTAssertTrue(page.lastSaved.isVisible)
            // "Last saved: Ada Lovelace, ada@example.com, 1.65 m" wraps inside its longest word
            // rather than ask for it whole (261 pixels against 119 before the save, at 1×).
            XCTAssertLessThanOrEqual(page.actionBar.minimumWidth, before + 40,
                                     "the Last saved line widened the bar: \(before) → \(page.actionBar.minimumWidth)")
        }
    }

    func testTheSecondPersonStartsBlank() {
        GtkRuntime.test {
            let saved = Self.saveTwice(Person.self,
                                  first: ["First name": "Ada", "Last name": "Lovelace",
                                          "Email": "ada@example.com", "Height": "1.65"],
                                  second: ["First name": "Alan", "Last name": "Turing",
                                           "Email": "alan@example.com", "Height": "1.78"])
            XCTAssertEqual(saved.last?.firstName, "Alan")
        }
    }

    func testTheSecondSizeStartsBlank() {
        GtkRuntime.test {
            let saved = Self.saveTwice(Size.self, first: ["Width": "2", "Height": "3"], second: ["Width": "4", "Height": "5"])
            XCTAssertEqual(saved.last?.width, 4)
        }
    }

    func testAFailedSaveSaysHowManyFieldsNeedAttentionAndClearsLastSaved() {
        GtkRuntime.test {
            let page = FormPage<Person>(context: ModelContext(records: nil))
            Self.fill(page.form, ["First name": "Ada", "Last name": "Lovelace",
                                  "Email": "ada@example.com", "Height": "1.65"])
            page.save()
            XCTAssertTrue(page.lastSaved.isVisible)
            XCTAssertFalse(page.lastSaved.isSelectable, "a selectable label is a Tab stop")
            XCTAssertFalse(page.attention.isVisible)

            // Two mistakes: an address without its domain and a height of nine metres.
            Self.fill(page.form, ["First name": "Alan", "Last name": "Turing",
                                  "Email": "alan@", "Height": "9"])
            page.save()

            XCTAssertTrue(page.attention.isVisible)
            XCTAssertEqual(page.attention.text, "2 fields need attention")
            XCTAssertFalse(page.lastSaved.isVisible, "the last record saved is not what the form shows")
            Self.fill(page.form, ["First name": "Ada", "Last name": "Lovelace",
                                  "Email": "ada@example.com", "Height": "1.65"])
            XCTAssertFalse(page.attention.isVisible, "the form resolves: nothing needs attention")
        }
    }
}
