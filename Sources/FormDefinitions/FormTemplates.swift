import Foundation
import Localization

/// Ready forms in the user's words, translated, to start from: a contact, a club member, a
/// patient's intake (consent, notes, birth date and a computed age) and an invoice with lines
/// (quantity and price, a computed total).
///
/// Each has a fixed id ("template-…"); a form made from one gets its own (``FormDefinition/asNewForm()``).
public enum FormTemplates {
    /// Every template, in the order the designer offers them.
    public static var all: [FormDefinition] { [contact, member, patientIntake, invoice] }

    /// The currency of the user's locale, or euros.
    static var currency: String {
        Locale.current.currency?.identifier.uppercased() ?? "EUR"
    }

    private static func field(_ id: String, _ label: String, _ kind: FieldKind, _ rules: FieldRules = .none,
                              default value: FieldValue = .none) -> FieldDefinition {
        FieldDefinition(id: FieldDefinitionID(id), label: label, kind: kind, rules: rules, defaultValue: value)
    }

    private static func row(_ cells: (String, Int)...) -> LayoutRow {
        LayoutRow(cells.map { LayoutRow.Cell(FieldDefinitionID($0.0), width: $0.1) })
    }

    /// A name, e-mail, phone, address and notes.
    public static var contact: FormDefinition {
        FormDefinition(id: "template-contact", name: tr("Contact"), fields: [
            field("name", tr("Name"), .text(.plain), FieldRules(required: true, maxLength: 200)),
            field("email", tr("Email"), .text(.email)),
            field("phone", tr("Phone"), .text(.phone)),
            field("address", tr("Address"), .notes),
            field("notes", tr("Notes"), .notes),
        ], layout: [row(("name", 1)), row(("email", 1), ("phone", 1)), row(("address", 1)), row(("notes", 1))])
    }

    /// A club's member: names, contact, since when, the kind of membership, the fee and whether it is paid.
    public static var member: FormDefinition {
        FormDefinition(id: "template-member", name: tr("Member"), fields: [
            field("first", tr("First name"), .text(.plain), FieldRules(required: true)),
            field("last", tr("Last name"), .text(.plain), FieldRules(required: true)),
            field("email", tr("Email"), .text(.email)),
            field("phone", tr("Phone"), .text(.phone)),
            field("since", tr("Member since"), .date),
            // Translators: the kinds of membership of a club, as options of a choice.
            field("membership", tr("Membership"), .choice(options: [tr("Regular"), tr("Reduced"), tr("Honorary")]),
                  default: .choice(tr("Regular"))),
            field("fee", tr("Yearly fee"), .money(currency: currency), FieldRules(minimum: 0)),
            field("paid", tr("Fee paid"), .yesNo),
            field("notes", tr("Notes"), .notes),
        ], layout: [row(("first", 1), ("last", 1)), row(("email", 1), ("phone", 1)), row(("since", 1), ("membership", 1)),
                    row(("fee", 1), ("paid", 1)), row(("notes", 1))])
    }

    /// A patient's intake: name, birth date and the age computed from it, contact, insurance,
    /// allergies, consent to treatment (required) and notes.
    public static var patientIntake: FormDefinition {
        let birth = tr("Birth date")
        return FormDefinition(id: "template-patient-intake", name: tr("Patient intake"), fields: [
            field("name", tr("Name"), .text(.plain), FieldRules(required: true)),
            field("birth", birth, .date, FieldRules(required: true)),
            field("age", tr("Age"), .computed(expression: "years([\(birth)], today())")),
            field("phone", tr("Phone"), .text(.phone)),
            field("email", tr("Email"), .text(.email)),
            field("address", tr("Address"), .notes),
            field("insurance", tr("Insurance number"), .text(.plain)),
            field("allergies", tr("Allergies"), .notes),
            field("consent", tr("Consents to treatment"), .yesNo, FieldRules(required: true)),
            field("notes", tr("Notes"), .notes),
        ], layout: [row(("name", 2), ("birth", 1), ("age", 1)), row(("phone", 1), ("email", 1)), row(("address", 1)),
                    row(("insurance", 1), ("consent", 1)), row(("allergies", 1)), row(("notes", 1))])
    }

    /// An invoice: number, customer, dates, lines of quantity and unit price, the total, paid, notes.
    public static var invoice: FormDefinition {
        let lines = tr("Lines"), quantity = tr("Quantity"), price = tr("Unit price")
        return FormDefinition(id: "template-invoice", name: tr("Invoice"), fields: [
            field("number", tr("Number"), .text(.plain), FieldRules(required: true)),
            field("customer", tr("Customer"), .text(.plain), FieldRules(required: true)),
            field("issued", tr("Issue date"), .date),
            field("due", tr("Due date"), .date),
            field("lines", lines, .lines(columns: [
                field("description", tr("Description"), .text(.plain), FieldRules(required: true)),
                field("quantity", quantity, .decimal(places: 3), FieldRules(minimum: 0), default: .decimal(1)),
                field("price", price, .money(currency: currency), FieldRules(minimum: 0)),
            ]), FieldRules(required: true)),
            field("total", tr("Total"), .computed(expression: "round(sum([\(lines)].[\(quantity)] * [\(lines)].[\(price)]), 2)")),
            field("paid", tr("Paid"), .yesNo),
            field("notes", tr("Notes"), .notes),
        ], layout: [row(("number", 1), ("customer", 2)), row(("issued", 1), ("due", 1)), row(("lines", 1)),
                    row(("total", 1), ("paid", 1)), row(("notes", 1))])
    }
}

extension FormDefinition {
    /// The same form under a new id, for a form made from a template or a copy.
    public func asNewForm() -> FormDefinition {
        var copy = self
        copy.id = .make()
        copy.formatVersion = Self.currentFormatVersion
        return copy
    }
}
