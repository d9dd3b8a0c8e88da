// Add invoices, list them, edit one (double-click or Enter), delete. `swift run InvoiceExample`
import Controls
import Localization

struct Invoice: Equatable {
    enum Currency: String, CaseIterable, FormChoice {
        case eur, usd, gbp
        var title: String { [.eur: tr("Euro"), .usd: tr("US dollar"), .gbp: tr("Pound sterling")][self]! }
    }
    var number = "", customer = "", issueDate = CalendarDate(year: 2026, month: 1, day: 1), dueDate = CalendarDate(year: 2026, month: 1, day: 1)
    var amount: Decimal = 0, currency = Currency.eur, isPaid = false, notes: String?
}

@MainActor func makeForm() -> FormView<Invoice> {
    let form = FormView<Invoice>(prototype: Invoice())
    let number = form.bind(ActiveInput<String>(label: tr("Number")), to: \.number, rules: [.required])
    let customer = form.bind(ActiveInput<String>(label: tr("Customer")), to: \.customer, rules: [.required])
    let issued = form.bind(DateInput(label: tr("Issue date")), to: \.issueDate)
    let due = form.bind(DateInput(label: tr("Due date")), to: \.dueDate)
    let amount = form.bind(ActiveInput<Decimal>(label: tr("Amount")), to: \.amount, rules: [.atLeast(0)])
    let currency = form.bind(ChoiceInput<Invoice.Currency>(label: tr("Currency")), to: \.currency)
    let paid = form.bind(SwitchInput(label: tr("Paid")), to: \.isPaid)
    let notes = form.bind(TextAreaInput(label: tr("Notes")), to: \.notes)
    form.addRule(on: [due], message: tr("The due date cannot be before the issue date")) { $0.dueDate >= $0.issueDate }
    form.addRow([FormElement(number), FormElement(customer, size: 2)])
    form.addRow([FormElement(issued), FormElement(due)])
    form.addRow([FormElement(amount), FormElement(currency), FormElement(paid)])
    form.addRow([FormElement(notes)])
    form.build()
    return form
}

let columns: [RecordColumn<Invoice>] = [
    RecordColumn(tr("Number"), \.number, sortKey: "number"), RecordColumn(tr("Customer"), \.customer, sortKey: "customer"),
    RecordColumn(title: tr("Due date"), sortKey: "due") { $0.dueDate.formatted(using: .current) },
    RecordColumn(title: tr("Amount"), sortKey: "amount") { "\($0.amount.formatted(using: .current)) \($0.currency.title)" },
    RecordColumn(title: tr("Paid"), sortKey: "paid") { $0.isPaid ? tr("Yes") : tr("No") },
]

@MainActor final class InvoiceWindow {
    let window: Window, form = makeForm(), save = Button(label: tr("Add")), delete = Button(label: tr("Delete"))
    let invoices = InMemoryRecords<Invoice>(columns: columns)
    lazy var list = RecordList(source: invoices, columns: columns)
    init(application: Application) {
        window = Window(application: application)
        window.title = tr("Invoices"); window.setDefaultSize(width: 720, height: 760)
        let header = HeaderBar(), column = Box(.vertical, spacing: 12)
        header.packStart(delete); header.packEnd(save)
        window.titlebar = header
        column.setMargins(18)
        column.append(form.widget); column.append(list.widget)
        list.widget.expandsVertically = true
        window.child = column
        save.addCSSClass("suggested-action")
        form.bindSensitivity(of: save)
        save.onClicked { [unowned self] in add() }
        delete.onClicked { [unowned self] in remove(list.selectedIDs) }
        list.onDeleteRequest = { [unowned self] ids in remove(ids) }
        list.onActivate = { [unowned self] id in edit(id) }
    }
    func add() {
        guard case .success(let invoice) = form.resolve(Invoice()) else { return }
        let id = invoices.insert(invoice)
        list.reload()
        _ = list.select(id: id)
        form.reset()
    }
    func edit(_ id: Int64) {
        guard let invoice = invoices.models[id] else { return }
        FormDialog(title: tr("Edit Invoice"), parent: window, form: makeForm(), model: invoice) { [unowned self] edited in
            if let edited { invoices.update(edited, id: id); list.refresh(id: id) }
        }.present()
    }
    func remove(_ ids: [Int64]) { invoices.delete(ids); list.reload() }
}

// The libraries' messages and these in the user's language (the catalogs scripts/run compiles).
Localization.start(catalogs: ProcessInfo.processInfo.environment["PINFORM_LOCALE_DIR"] ?? "/usr/share/locale")
let application = Application(id: "io.github.pinform.InvoiceExample")
var shown: InvoiceWindow?
application.onActivate { shown = shown ?? InvoiceWindow(application: application); shown?.window.present() }
exit(application.run())
