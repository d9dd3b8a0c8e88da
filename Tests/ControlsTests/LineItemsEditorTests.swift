@testable import Controls
import Forms
@_spi(Testing) import Gtk
import GtkTesting
import XCTest

struct EntryPerson {}

/// People in memory, as a store's lookup will be.
final class EntryPeople: RecordLookup, Sendable {
    let people: [Int64: String]

    init(_ people: [Int64: String]) {
        self.people = people
    }

    func search(_ text: String, limit: Int) -> [RecordMatch<EntryPerson>] {
        people.keys.sorted().lazy
            .filter { text.isEmpty || self.people[$0]!.localizedCaseInsensitiveContains(text) }
            .prefix(limit)
            .map { RecordMatch(record: RecordRef(id: $0), summary: self.people[$0]!) }
    }

    func resolve(_ record: RecordRef<EntryPerson>) -> RecordLookupResult {
        people[record.id].map { .found(summary: $0) } ?? .missing
    }
}

/// An invoice form with lines, a customer and a total, shown in a window.
@MainActor
final class InvoiceEntryForm {
    struct Line: Equatable {
        var description = ""
        var quantity: Decimal = 1
        var unitPrice: Decimal = 0
    }

    struct Invoice: Equatable {
        var number = ""
        var customer: RecordRef<EntryPerson>?
        var lines: [Line] = []
        var total: Decimal = 0
    }

    static let people = EntryPeople([1: "Ada Lovelace", 2: "Alan Turing", 3: "Grace Hopper"])

    let number = ActiveInput<String>(label: "Number", numberParsing: .posix)
    let customer = ReferenceChooser(label: "Customer", lookup: InvoiceEntryForm.people)
    let total = ComputedValueInput<Decimal>(label: "Total", numberParsing: .posix)
    let form = Form<Invoice>(prototype: Invoice())
    let lines: FormList<Line>
    let numberField: FieldID
    let customerField: FieldID
    let totalField: FieldID
    let view: FormView<Invoice>
    let window: FormTestWindow

    init() {
        numberField = form.bind(number, to: \.number, rules: [.required])
        customerField = form.bind(customer, to: \.customer, rules: [.exists(in: InvoiceEntryForm.people)])
        lines = form.bind(list: \.lines) {
            let line = Form<Line>(prototype: Line())
            let description = line.bind(ActiveInput<String>(label: "Description", numberParsing: .posix),
                                        to: \.description, rules: [.required])
            let quantity = line.bind(ActiveInput<Decimal>(label: "Quantity", numberParsing: .posix), to: \.quantity)
            let price = line.bind(ActiveInput<Decimal>(label: "Unit price", numberParsing: .posix), to: \.unitPrice)
            line.addRow([FormElement(description, size: 2), FormElement(quantity), FormElement(price)])
            return line
        }
        let net = lines.total { ($0.quantity * $0.unitPrice).rounded(places: 2) }
        totalField = form.bind(computed: total, to: \.total) { _ in net.value }
        form.addRow([FormElement(numberField), FormElement(customerField)])
        form.addRow([FormElement(lines.field)])
        form.addRow([FormElement(totalField)])
        view = FormView(form)
        window = FormTestWindow(view.widget, width: 700)
    }

    var editor: LineItemsEditor<Line> { view.editors[lines.field] as! LineItemsEditor<Line> }

    /// The entry of field `index` (0 description, 1 quantity, 2 unit price) of `row`.
    func entry(_ index: Int, of row: RowID) -> Entry {
        let rowForm = lines.form(for: row)
        let object = rowForm.object(for: rowForm.fields[index])
        return (object as? ActiveInput<String>)?.entry ?? (object as! ActiveInput<Decimal>).entry
    }

    static let sample = Invoice(number: "7", customer: RecordRef(id: 3), lines: [
        Line(description: "Paper", quantity: 2, unitPrice: 3.5),
        Line(description: "Ink", quantity: 1, unitPrice: 12),
        Line(description: "Stamps", quantity: 10, unitPrice: 0.85),
    ])
}

final class LineItemsEditorTests: XCTestCase {
    func testEachLoadedLineIsARowOfWidgetsShowingItsValues() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            XCTAssertEqual(fixture.editor.shownRows.count, 3)
            XCTAssertEqual(fixture.entry(0, of: fixture.lines.rows[1]).text, "Ink")
            XCTAssertEqual(fixture.total.valueLabel.text, "27.5")
        }
    }

    func testEachRowIsDescribedByItsPositionForScreenReaders() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            let rows = fixture.lines.rows
            XCTAssertTrue(fixture.editor.rowWidget(for: rows[1])!.showsAccessibleDescription("Line 2 of 3"))
            fixture.lines.remove(rows[0])
            XCTAssertTrue(fixture.editor.rowWidget(for: rows[1])!.showsAccessibleDescription("Line 1 of 2"))
            XCTAssertTrue(fixture.editor.rowWidget(for: rows[2])!.showsAccessibleDescription("Line 2 of 2"))
        }
    }

    func testARowIsNamedByItsPlaceAndComingBackIntoItByTheErrorsItShows() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            let rows = fixture.lines.rows
            XCTAssertEqual(fixture.editor.accessibleName(of: rows[1]), "Line 2 of 3")
            // A quantity that is not a number, left for the next row: its error shows.
            fixture.window.focus(fixture.entry(1, of: rows[1]))
            fixture.entry(1, of: rows[1]).text = "abc"
            fixture.window.focus(fixture.entry(0, of: rows[2]))
            XCTAssertTrue(MainContext.spin(until: { fixture.entry(0, of: rows[2]).containsFocus }))
            XCTAssertEqual(fixture.editor.accessibleName(of: rows[1]), "Line 2 of 3", "named as the focus comes in")
            fixture.window.focus(fixture.entry(2, of: rows[1]))
            XCTAssertTrue(MainContext.spin(until: { fixture.entry(2, of: rows[1]).containsFocus }))
            XCTAssertEqual(fixture.editor.accessibleName(of: rows[1]), "Line 2 of 3. Quantity: Enter a number")
            XCTAssertEqual(fixture.editor.accessibleName(of: rows[2]), "Line 3 of 3")
            fixture.lines.remove(rows[0])
            XCTAssertEqual(fixture.editor.accessibleName(of: rows[2]), "Line 2 of 2")
        }
    }

    func testMovingTheFocusedRowSaysItsNewPlace() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            let rows = fixture.lines.rows
            fixture.window.focus(fixture.entry(0, of: rows[2]))
            XCTAssertTrue(MainContext.spin(until: { fixture.entry(0, of: rows[2]).containsFocus }))
            XCTAssertTrue(fixture.editor.handleKey(.up, .alt, in: rows[2]))
            let announcer = Announcer.of(fixture.window.window)
            XCTAssertTrue(announcer.hasSaid("Moved to line 2 of 3", .polite), "announced: \(announcer.saidMessages)")
            XCTAssertTrue(fixture.editor.handleKey(.up, .alt, in: rows[2]))
            XCTAssertTrue(announcer.hasSaid("Moved to line 1 of 3", .polite), "announced: \(announcer.saidMessages)")
        }
    }

    func testAddLineAddsARowAndFocusesItsFirstField() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            fixture.editor.addButton.click()
            XCTAssertEqual(fixture.lines.count, 4)
            let added = fixture.lines.rows[3]
            XCTAssertTrue(MainContext.spin(until: { fixture.entry(0, of: added).containsFocus }))
            XCTAssertEqual(fixture.editor.shownRows.count, 4)
        }
    }

    func testRemoveButtonRemovesItsRowAndUndoPutsTheSameWidgetsBack() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            let ink = fixture.lines.rows[1]
            let widget = fixture.editor.rowWidget(for: ink)!
            fixture.editor.removeButton(for: ink)!.click()
            XCTAssertEqual(fixture.lines.count, 2)
            XCTAssertEqual(fixture.editor.shownRows.count, 2)
            XCTAssertEqual(fixture.total.valueLabel.text, "15.5")
            XCTAssertTrue(fixture.view.undo())
            XCTAssertEqual(fixture.editor.shownRows.count, 3)
            XCTAssertTrue(fixture.editor.rowWidget(for: ink) === widget, "the row's own widgets come back")
            XCTAssertEqual(fixture.total.valueLabel.text, "27.5")
        }
    }

    func testAltUpAndDownMoveTheRowAndKeepItsWidgets() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            let rows = fixture.lines.rows
            let stamps = fixture.editor.rowWidget(for: rows[2])!
            fixture.window.focus(fixture.entry(0, of: rows[2]))
            XCTAssertTrue(fixture.editor.handleKey(.up, .alt, in: rows[2]))
            XCTAssertEqual(fixture.lines.rows, [rows[0], rows[2], rows[1]])
            XCTAssertTrue(fixture.editor.shownRows[1] === stamps)
            XCTAssertTrue(MainContext.spin(until: { fixture.entry(0, of: rows[2]).containsFocus }), "focus stays in the moved row")
            XCTAssertTrue(fixture.editor.rowWidget(for: rows[2])!.showsAccessibleDescription("Line 2 of 3"))
            XCTAssertTrue(fixture.editor.handleKey(.down, .alt, in: rows[2]))
            XCTAssertEqual(fixture.lines.rows, rows)
            XCTAssertFalse(fixture.editor.handleKey(.down, [], in: rows[2]), "Down alone is the entry's")
        }
    }

    func testCtrlDeleteRemovesTheRowAndFocusesTheNext() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            let rows = fixture.lines.rows
            XCTAssertTrue(fixture.editor.handleKey(.delete, .control, in: rows[0]))
            XCTAssertEqual(fixture.lines.rows, [rows[1], rows[2]])
            XCTAssertTrue(MainContext.spin(until: { fixture.entry(0, of: rows[1]).containsFocus }))
        }
    }

    func testARowShowsItsOwnErrorWhenLeftAndTheListSaysHowManyLinesNeedAttention() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            let ink = fixture.lines.rows[1]
            let quantity = fixture.entry(1, of: ink)
            fixture.window.focus(quantity)
            quantity.text = "x"
            fixture.window.leave()
            let rowView = fixture.editor.rowView(for: ink)!
            let rowForm = fixture.lines.form(for: ink)
            XCTAssertEqual(rowView.errorMessage(for: rowForm.fields[1]), "Enter a number")
            XCTAssertTrue(MainContext.spin(until: { quantity.showsAccessibleDescription("Enter a number") }),
                          "the error is spoken with the field")
            XCTAssertFalse(fixture.view.isResolvable)
            guard case .failure = fixture.view.resolve(InvoiceEntryForm.Invoice()) else { return XCTFail("must not save") }
            XCTAssertEqual(fixture.view.errorMessage(for: fixture.lines.field), "1 line needs attention")
            XCTAssertTrue(MainContext.spin(until: { quantity.containsFocus }), "save focuses the row's field in error")
        }
    }

    func testSaveShowsTheErrorsOfRowsNotTouched() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            let row = fixture.lines.add()
            _ = fixture.view.resolve(InvoiceEntryForm.Invoice())
            let rowForm = fixture.lines.form(for: row)
            XCTAssertEqual(fixture.editor.rowView(for: row)!.errorMessage(for: rowForm.fields[0]), "Required")
        }
    }

    func testTypingInARowUpdatesTheTotalAndTheSaveState() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            XCTAssertTrue(fixture.view.isResolvable)
            XCTAssertFalse(fixture.view.isDirty)
            fixture.entry(1, of: fixture.lines.rows[1]).text = "2"
            XCTAssertEqual(fixture.total.valueLabel.text, "39.5")
            XCTAssertTrue(fixture.view.control.isEdited)
            fixture.entry(0, of: fixture.lines.rows[1]).text = ""
            XCTAssertFalse(fixture.view.isResolvable)
        }
    }

    func testCtrlZUndoesTypingInARowAsOneStep() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            let entry = fixture.entry(0, of: fixture.lines.rows[0])
            fixture.window.focus(entry)
            entry.text = "Paper A"
            entry.text = "Paper A4"
            XCTAssertEqual(FormView<InvoiceEntryForm.Invoice>.historyCommand(Key("z"), .control), .undo)
            XCTAssertTrue(fixture.view.undo())
            XCTAssertEqual(entry.text, "Paper")
            XCTAssertTrue(fixture.view.redo())
            XCTAssertEqual(entry.text, "Paper A4")
        }
    }
}

final class LineItemsEditorReloadTests: XCTestCase {
    func testLoadingAgainReusesEachRowsWidgetsAndTheirHandlersStillWork() {
        GtkRuntime.test {
            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            let widgets = Set(fixture.lines.rows.map { ObjectIdentifier(fixture.editor.rowWidget(for: $0)!) })
            fixture.view.load(InvoiceEntryForm.sample)
            XCTAssertEqual(Set(fixture.lines.rows.map { ObjectIdentifier(fixture.editor.rowWidget(for: $0)!) }), widgets)
            XCTAssertEqual(fixture.editor.shownRows.count, 3)
            fixture.entry(1, of: fixture.lines.rows[1]).text = "2"
            XCTAssertEqual(fixture.total.valueLabel.text, "39.5")
            let second = fixture.lines.rows[1]
            XCTAssertTrue(fixture.editor.handleKey(.up, .alt, in: second))
            XCTAssertEqual(fixture.lines.rows[0], second, "a reused row's keys act on the row it shows now")
        }
    }

    func testADraftRestoresIntoTheViewWithItsRows() throws {
        try GtkRuntime.test {
            let typed = InvoiceEntryForm()
            typed.view.load(InvoiceEntryForm.sample)
            typed.lines.remove(typed.lines.rows[0])
            typed.number.entry.text = "8-draft"
            let draft = typed.form.draft()
            typed.window.close()

            let fixture = InvoiceEntryForm()
            defer { fixture.window.close() }
            fixture.view.load(InvoiceEntryForm.sample)
            try fixture.view.restore(draft)
            XCTAssertEqual(fixture.number.entry.text, "8-draft")
            XCTAssertEqual(fixture.editor.shownRows.count, 2)
            XCTAssertEqual(fixture.entry(0, of: fixture.lines.rows[0]).text, "Ink")
            XCTAssertTrue(fixture.view.control.isEdited)
            XCTAssertEqual(fixture.total.valueLabel.text, "20.5")
        }
    }
}
