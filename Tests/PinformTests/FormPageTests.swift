import Controls
import Foundation
import Forms
@_spi(Testing) import Gtk
import XCTest
@testable import Pinform
import PinformCore

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
    private static func saveTwice<Model: FormModel>(_: Model.Type, first: [String: String], second: [String: String],
                                             file: StaticString = #filePath, line: UInt = #line) -> [Model] {
        let page = FormPage<Model>()
        var saved: [Model] = []
        page.onSave = { saved.append($0) }
        let blank = texts(of: page.form)
        fill(page.form, first)
        XCTAssertNotEqual(texts(of: page.form), blank, "the first record was typed", file: file, line: line)
        page.save()
        XCTAssertEqual(texts(of: page.form), blank, "after a save the form shows a fresh form's values", file: file, line: line)
        fill(page.form, second)
        page.save()
        XCTAssertEqual(texts(of: page.form), blank, file: file, line: line)
        XCTAssertEqual(saved.count, 2, "both records saved", file: file, line: line)
        return saved
    }

    func testTheSecondInvoiceStartsWithTheFirstCurrencyAndUnpaid() {
        GtkRuntime.test {
            let day = CalendarDate(year: 2026, month: 11, day: 30).formatted(using: .current)
            let dates = ["Issue date": day, "Due date": day]
            let saved = Self.saveTwice(Invoice.self,
                                       first: dates.merging(["Number": "1", "Customer": "ACME", "Amount": "12",
                                                             "Currency": "chf", "Paid": "true"]) { $1 },
                                       second: dates.merging(["Number": "2", "Customer": "Tennis Club", "Amount": "30"]) { $1 })
            XCTAssertEqual(saved.first?.currency, .chf)
            XCTAssertEqual(saved.first?.isPaid, true)
            XCTAssertEqual(saved.last?.currency, Invoice.blank.currency)
            XCTAssertEqual(saved.last?.isPaid, Invoice.blank.isPaid)
            XCTAssertEqual(saved.last?.customer, "Tennis Club")
        }
    }

    func testTheSecondPersonStartsBlank() {
        GtkRuntime.test {
            let saved = Self.saveTwice(Person.self,
                                  first: ["First name": "Ada", "Last name": "Lovelace", "Age": "36",
                                          "Email": "ada@example.com", "Height": "1.65"],
                                  second: ["First name": "Alan", "Last name": "Turing", "Age": "41",
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
            let page = FormPage<Person>()
            Self.fill(page.form, ["First name": "Ada", "Last name": "Lovelace", "Age": "36",
                                  "Email": "ada@example.com", "Height": "1.65"])
            page.save()
            XCTAssertTrue(page.lastSaved.isVisible)
            XCTAssertFalse(page.lastSaved.isSelectable, "a selectable label is a Tab stop")
            XCTAssertFalse(page.attention.isVisible)

            Self.fill(page.form, ["First name": "Alan", "Last name": "Turing", "Age": "abc",
                                  "Email": "alan@", "Height": "1.78"])
            page.save()

            XCTAssertTrue(page.attention.isVisible)
            XCTAssertEqual(page.attention.text, "2 fields need attention")
            XCTAssertFalse(page.lastSaved.isVisible, "the last record saved is not what the form shows")
            Self.fill(page.form, ["First name": "Ada", "Last name": "Lovelace", "Age": "36",
                                  "Email": "ada@example.com", "Height": "1.65"])
            XCTAssertFalse(page.attention.isVisible, "the form resolves: nothing needs attention")
        }
    }
}
