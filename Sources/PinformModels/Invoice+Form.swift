import Controls
import Forms
import Localization
import PinformCore

extension Invoice {
    /// The invoice's form: number and customer (chosen from the people, "Add new…" to make
    /// one), dates, the lines with their running total, currency, paid and notes.
    @MainActor
    static func makeForm(_ context: ModelContext) -> FormView<Invoice> {
        let form = Form<Invoice>(prototype: blank)
        let people = context.lookup(Person.self)
        let number = form.bind(ActiveInput<String>(label: tr("Number")), to: \.number, rules: [.required])
        let chooser = ReferenceChooser<Person>(label: tr("Customer"), lookup: people)
        chooser.onAddNew = { [unowned chooser] typed, done in
            context.addNew(Person.self, typed: typed, over: chooser.view.rootWindow, completion: done)
        }
        let customer = form.bind(chooser, to: \.customer)
        // What was typed as the customer before customers were people: shown until one is chosen.
        let former = form.bind(computed: ComputedValueInput<String>(label: tr("Customer as typed before"))) {
            $0.customerName
        }
        form.show(former, when: { $0.customer == nil && !$0.customerName.isEmpty })
        // The customer's name as it reads today, kept with the invoice for sorting and searching (not shown).
        form.carry(\.customerName) { invoice, asLoaded in
            invoice.customer.flatMap(people.summary(of:)) ?? asLoaded
        }
        let issued = form.bind(DateInput(label: tr("Issue date")), to: \.issueDate)
        let due = form.bind(DateInput(label: tr("Due date")), to: \.dueDate)
        let lines = form.bind(list: \.lines, rows: lineForm)
        let net = lines.total(of: \.amount)
        // Shown as money: at least two decimals, in the user's locale ("28,90").
        let total = form.bind(computed: ComputedValueInput<String>(label: tr("Total"))) { _ in LocaleText.amount(net.value) }
        let currency = form.bind(ChoiceInput<Currency>(label: tr("Currency")), to: \.currency)
        let paid = form.bind(SwitchInput(label: tr("Paid")), to: \.isPaid)
        let notes = form.bind(TextAreaInput(label: tr("Notes"), lines: 3), to: \.notes)
        form.addRule(on: [customer], message: tr("Choose a customer")) { $0.customer != nil || !$0.customerName.isEmpty }
        form.addRule(on: [customer], message: tr("This record no longer exists")) { invoice in
            invoice.customer.map(people.exists) ?? true
        }
        form.addRule(on: [due], message: tr("The due date cannot be before the issue date")) { $0.dueDate >= $0.issueDate }
        form.addRow([FormElement(number), FormElement(customer, size: 2)])
        form.addRow([FormElement(former)])
        form.addRow([FormElement(issued), FormElement(due)])
        form.addRow([FormElement(lines.field)])
        form.addRow([FormElement(total), FormElement(currency)])
        form.addRow([FormElement(paid), .spacer()])
        form.addRow([FormElement(notes)])
        return FormView(form)
    }

    /// One line's form: description, quantity, unit price and tax rate.
    @MainActor
    static func lineForm() -> Form<Line> {
        let line = Form<Line>(prototype: Line())
        let description = line.bind(ActiveInput<String>(label: tr("Description")), to: \.description, rules: [.required])
        let quantity = line.bind(ActiveInput<Decimal>(label: tr("Quantity")), to: \.quantity, rules: [.atLeast(0)])
        let price = line.bind(ActiveInput<Decimal>(label: tr("Unit price")), to: \.unitPrice, rules: [.atLeast(0)])
        // Translators: a line's tax rate in percent, such as 19.
        let tax = line.bind(ActiveInput<Decimal>(label: tr("Tax %")), to: \.taxRate, rules: [
            .range(0...100, message: tr("Enter a tax rate from 0 to 100 percent")),
        ])
        line.addRow([FormElement(description, size: 3), FormElement(quantity), FormElement(price), FormElement(tax)])
        return line
    }
}
