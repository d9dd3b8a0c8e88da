@testable import Controls
import Foundation
import FormDefinitions
import Forms
@_spi(Testing) import Gtk
import PinformCore
@_spi(Testing) @testable import PinformModels
import Storage
import XCTest
import TestFolders

/// The Invoice template made in the app, end to end through its real form: its line items'
/// columns are typed (a decimal quantity, a money unit price), a line typed gives the computed
/// total `round(sum(Lines.Quantity * Lines.[Unit price]), 2)`, and the invoice saved and read
/// again after a restart keeps its typed lines and its total.
final class DefinedInvoiceTests: TemporaryFolderTestCase {
    private typealias Invoice = DefinedModel<DefinedSlot0>
    @MainActor
    private static func inputs<T>(_ view: FormView<Invoice>, _ type: T.Type) -> [T] {
        view.form.fields.compactMap { view.input(for: $0) as? T }
    }

    @MainActor
    private static func typeLine(_ lines: LineItemsEditor<DefinedRecord>, _ description: String, _ quantity: String, _ price: String) throws {
        let row = lines.addRow()
        let rowView = try XCTUnwrap(lines.rowView(for: row))
        let texts = rowView.form.fields.compactMap { rowView.input(for: $0) as? ActiveInput<String> }
        let numbers = rowView.form.fields.compactMap { rowView.input(for: $0) as? ActiveInput<Decimal> }
        XCTAssertEqual(texts.count, 1, "the description is the only text column")
        XCTAssertEqual(numbers.count, 2, "the quantity and the unit price are numbers, not text")
        texts[0].entry.text = description
        numbers[0].entry.text = quantity
        numbers[1].entry.text = price
    }

    @MainActor
    private static func total(_ view: FormView<Invoice>) throws -> String {
        try XCTUnwrap(inputs(view, ComputedValueInput<String>.self).first { $0.label.text == "Total" }).valueLabel.text
    }

    func testTheInvoiceTemplatesLinesAreTypedAndItsTotalIsComputedSavedAndReopened() throws {
        try withDefinedForms { records, forms in
            let definition = FormTemplates.invoice.asNewForm()
            guard case .lines(let columns) = definition.field("lines")?.kind else { return XCTFail("no line items") }
            XCTAssertEqual(columns.count, 3)
            XCTAssertEqual(columns[1].kind, .decimal(places: 3))
            guard case .money = columns[2].kind else { return XCTFail("the unit price is not money: \(columns[2].kind)") }
            try forms.save(definition)
            let model = try XCTUnwrap(forms.model(for: definition.id) as? Invoice.Type)
            let context = ModelContext(records: records)

            let view = model.makeForm(context)
            let window = Window()
            window.child = view.widget
            window.present()
            defer { window.close() }
            let texts = Self.inputs(view, ActiveInput<String>.self)
            texts.first { $0.labelText == "Number" }?.entry.text = "2026-001"
            texts.first { $0.labelText == "Customer" }?.entry.text = "ACME Ltd"
            for date in Self.inputs(view, DateInput.self) { date.entry.text = "2026-12-01" }
            let lines = try XCTUnwrap(Self.inputs(view, LineItemsEditor<DefinedRecord>.self).first)
            try Self.typeLine(lines, "Paper", "2", "3.50")
            XCTAssertEqual(try Self.total(view), LocaleText.amount(Decimal(string: "7")!))
            try Self.typeLine(lines, "Ink", "1.5", "12.25")
            XCTAssertEqual(try Self.total(view), LocaleText.amount(Decimal(string: "25.38")!))

            let invoice = try view.resolve(model.blank).get()
            let stored = invoice.record[lines: "lines"]
            XCTAssertEqual(stored.count, 2)
            XCTAssertEqual(stored[1][decimal: "quantity"], Decimal(string: "1.5"), "the quantity is stored as a decimal")
            XCTAssertEqual(stored[1][decimal: "price"], Decimal(string: "12.25"), "the unit price is stored as money")
            let id = try records.store(model).insert(invoice)

            // Read again from the file, as after a restart, and shown in the form again.
            forms.forgetAll()
            records.closeFile()
            forms.load(from: records)
            let reopened = try XCTUnwrap(forms.model(for: definition.id) as? Invoice.Type)
            let record = try XCTUnwrap(try records.store(reopened).record(id: id)).model
            XCTAssertEqual(record, invoice)
            let again = reopened.makeForm(ModelContext(records: records))
            again.load(record)
            XCTAssertEqual(try Self.total(again), LocaleText.amount(Decimal(string: "25.38")!))
            XCTAssertEqual(try again.resolve(reopened.blank).get(), record)
        }
    }
}
