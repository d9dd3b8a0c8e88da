// An invoice window, read top to bottom: a model, its form, a list of what was saved, and the
// window that puts them together. Add an invoice with the form, edit one from the list
// (double-click or Enter), delete the selected ones.
//
//     swift run InvoiceExample
//
// Everything here is the libraries' public API: `Controls` brings `Forms` (the headless form),
// `Gtk` (the widgets) and `ControlState` (the state engine) with it.
import Controls
import Localization

// MARK: - The model

/// What the form edits: a plain value type. The form never holds an invoice; it resolves what
/// was typed into a copy of one, so an invoice is never half-edited.
struct Invoice: Equatable {
    /// A choice the person picks from a list. `FormChoice` with `CaseIterable` is all a drop-down
    /// needs: the cases are the entries and `title` is what each one reads.
    enum Currency: String, CaseIterable, FormChoice {
        case eur
        case usd
        case gbp

        var title: String {
            switch self {
            case .eur: tr("Euro")
            case .usd: tr("US dollar")
            case .gbp: tr("Pound sterling")
            }
        }
    }

    var number = ""
    var customer = ""
    var issueDate = CalendarDate(year: 2026, month: 1, day: 1)
    var dueDate = CalendarDate(year: 2026, month: 1, day: 1)
    var amount: Decimal = 0
    var currency = Currency.eur
    var isPaid = false
    /// Optional: an empty text area stores nil, not "".
    var notes: String?
}

// MARK: - The form

/// Builds a new form each time it is called: the window shows one, and the edit dialog another,
/// so that editing an invoice never disturbs what is being typed in the window.
@MainActor
func makeForm() -> FormView<Invoice> {
    // The headless form holds the bindings, the rows and the rules. The prototype is what
    // live validation resolves on while nothing is loaded yet, so that the rule across the two
    // dates can run as people type.
    let form = Form<Invoice>(prototype: Invoice())

    // Each `bind` ties one input to one property and returns the field's id, which rows,
    // rules and error look-ups refer to. The input's type decides how text converts: a
    // `Decimal` input rejects "12,3,4", a date input reads the user's date format.
    let number = form.bind(ActiveInput<String>(label: tr("Number")), to: \.number, rules: [.required])
    let customer = form.bind(ActiveInput<String>(label: tr("Customer")), to: \.customer, rules: [.required])
    let issued = form.bind(DateInput(label: tr("Issue date")), to: \.issueDate)
    let due = form.bind(DateInput(label: tr("Due date")), to: \.dueDate)
    let amount = form.bind(ActiveInput<Decimal>(label: tr("Amount")), to: \.amount, rules: [.atLeast(0)])
    let currency = form.bind(ChoiceInput<Invoice.Currency>(label: tr("Currency")), to: \.currency)
    let paid = form.bind(SwitchInput(label: tr("Paid")), to: \.isPaid)
    let notes = form.bind(TextAreaInput(label: tr("Notes")), to: \.notes)

    // A rule across fields checks the resolved model, so it sees both dates as dates. Its
    // message shows on the fields it names: the due date is the one to fix.
    form.addRule(on: [due], message: tr("The due date cannot be before the issue date")) { invoice in
        invoice.dueDate >= invoice.issueDate
    }

    // Rows, top to bottom. Sizes are shares of the row's width: the customer's name is
    // longer than an invoice number. On a narrow window a row stacks its fields instead.
    form.addRow([FormElement(number), FormElement(customer, size: 2)])
    form.addRow([FormElement(issued), FormElement(due)])
    form.addRow([FormElement(amount), FormElement(currency), FormElement(paid)])
    form.addRow([FormElement(notes)])

    // The view lays the rows out with real widgets and decides nothing about the model: it
    // shows each field's error once the person has had a chance to get it right.
    return FormView(form)
}

// MARK: - The list

/// The columns of the list. A column with a key path shows the property as it is; one with a
/// closure shows it formatted, here in the user's locale. The sort key names the column when
/// the person sorts by it.
let columns: [RecordColumn<Invoice>] = [
    RecordColumn(tr("Number"), \.number, sortKey: "number"),
    RecordColumn(tr("Customer"), \.customer, sortKey: "customer"),
    RecordColumn(title: tr("Due date"), sortKey: "due") { invoice in
        invoice.dueDate.formatted(using: .current)
    },
    RecordColumn(title: tr("Amount"), sortKey: "amount") { invoice in
        "\(invoice.amount.formatted(using: .current)) \(invoice.currency.title)"
    },
    RecordColumn(title: tr("Paid"), sortKey: "paid") { invoice in
        invoice.isPaid ? tr("Yes") : tr("No")
    },
]

// MARK: - The window

/// The window: the form above the list, Add and Delete in the header bar.
///
/// It is a class because GTK's signal handlers call back into it; they capture it `unowned`,
/// since the window it owns lives exactly as long as it does.
@MainActor
final class InvoiceWindow {
    let window: Window
    let form = makeForm()
    let save = Button(label: tr("Add"))
    let delete = Button(label: tr("Delete"))
    /// Kept in memory for the example; the app keeps its records in an encrypted database
    /// behind the same protocol, `RecordListDataSource`.
    let invoices = InMemoryRecords<Invoice>(columns: columns)
    /// Lazy because its initial value reads `invoices`: only a lazy property may use `self`
    /// when it is initialized.
    lazy var list = RecordList(source: invoices, columns: columns)

    init(application: Application) {
        window = Window(application: application)
        window.title = tr("Invoices")
        window.setDefaultSize(width: 720, height: 760)

        let header = HeaderBar()
        header.packStart(delete)
        header.packEnd(save)
        window.titlebar = header

        let column = Box(.vertical, spacing: 12)
        column.setMargins(18)
        column.append(form.widget)
        column.append(list.widget)
        // The list takes the height the form leaves.
        list.widget.expandsVertically = true
        window.child = column

        save.addCSSClass("suggested-action")
        // Add is sensitive exactly while the form resolves: the state engine follows the
        // form, so no handler has to remember to update the button.
        form.bindSensitivity(of: save)

        save.onClicked { [unowned self] in
            add()
        }
        delete.onClicked { [unowned self] in
            remove(list.selectedIDs)
        }
        // The Delete key in the list asks for the same as the button.
        list.onDeleteRequest = { [unowned self] ids in
            remove(ids)
        }
        list.onActivate = { [unowned self] id in
            edit(id)
        }
    }

    /// Saves what was typed as a new invoice. `resolve` shows every error and moves the focus
    /// to the first one when it fails, so a failure needs no more handling here.
    func add() {
        guard case .success(let invoice) = form.resolve(Invoice()) else { return }
        let id = invoices.insert(invoice)
        list.reload()
        _ = list.select(id: id)
        // Empty and clean again, ready for the next invoice, with no errors showing.
        form.reset()
    }

    /// Edits one invoice in a dialog with a form of its own; nil means the person cancelled.
    func edit(_ id: ListedRecordID) {
        guard let invoice = invoices.models[id] else { return }
        let dialog = FormDialog(title: tr("Edit Invoice"), parent: window, form: makeForm(), model: invoice) { [unowned self] edited in
            guard let edited else { return }
            invoices.update(edited, id: id)
            list.refresh(id: id)
        }
        dialog.present()
    }

    func remove(_ ids: [ListedRecordID]) {
        invoices.delete(ids)
        list.reload()
    }
}

// MARK: - Start

// The libraries' messages and these in the user's language: the catalogs scripts/run compiles,
// or the installed ones.
Localization.start(catalogs: ProcessInfo.processInfo.environment["PINFORM_LOCALE_DIR"] ?? "/usr/share/locale")

let application = Application(id: "io.github.pinform.InvoiceExample")
// Activating a running application again (launching it twice) shows the same window.
var shown: InvoiceWindow?
application.onActivate {
    let invoiceWindow = shown ?? InvoiceWindow(application: application)
    shown = invoiceWindow
    invoiceWindow.window.present()
}
exit(application.run())
