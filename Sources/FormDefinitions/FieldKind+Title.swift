import Localization

extension FieldKind {
    /// The kind's name as the designer lists it ("Whole number"), translated.
    public var title: String {
        switch self {
        case .text(.plain): tr("Text")
        case .text(.email): tr("Email")
        case .text(.phone): tr("Phone")
        case .text(.url): tr("Web address")
        case .notes: tr("Notes")
        // Translators: a kind of field: a number without decimals.
        case .wholeNumber: tr("Whole number")
        // Translators: a kind of field: a number with decimals.
        case .decimal: tr("Decimal number")
        // Translators: a kind of field: an amount of money.
        case .money: tr("Money")
        case .date: tr("Date")
        // Translators: a kind of field: one of a list of options.
        case .choice: tr("Choice")
        // Translators: a kind of field: a switch.
        case .yesNo: tr("Yes or no")
        // Translators: a kind of field: rows such as an invoice's lines.
        case .lines: tr("Line items")
        // Translators: a kind of field: a record of another form.
        case .link: tr("Link to a record")
        // Translators: a kind of field: computed from other fields by an expression.
        case .computed: tr("Computed")
        }
    }
}
