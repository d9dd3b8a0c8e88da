import Foundation
import FormDefinitions
import Localization

/// The kinds of field the designer's drop-down offers, in its order.
enum FormDesignerKind: Int, CaseIterable {
    case text, email, phone, url, notes, wholeNumber, decimal, money, date, choice, yesNo, lines, link, computed

    /// What the drop-down shows.
    var title: String {
        switch self {
        // Translators: kinds of field in the form designer's drop-down.
        case .text: tr("Text")
        case .email: tr("E-mail address")
        case .phone: tr("Phone number")
        case .url: tr("Web address")
        case .notes: tr("Notes (several lines)")
        case .wholeNumber: tr("Whole number")
        case .decimal: tr("Decimal number")
        case .money: tr("Money")
        case .date: tr("Date")
        case .choice: tr("Choice from a list")
        case .yesNo: tr("Yes or no")
        case .lines: tr("Line items")
        case .link: tr("Link to a record")
        case .computed: tr("Computed value")
        }
    }

    /// The drop-down's entry for `kind`.
    init(_ kind: FieldKind) {
        switch kind {
        case .text(.plain): self = .text
        case .text(.email): self = .email
        case .text(.phone): self = .phone
        case .text(.url): self = .url
        case .notes: self = .notes
        case .wholeNumber: self = .wholeNumber
        case .decimal: self = .decimal
        case .money: self = .money
        case .date: self = .date
        case .choice: self = .choice
        case .yesNo: self = .yesNo
        case .lines: self = .lines
        case .link: self = .link
        case .computed: self = .computed
        }
    }

    /// Whether min and max apply.
    var isNumber: Bool { self == .wholeNumber || self == .decimal || self == .money }
    /// Whether length and pattern apply.
    var isText: Bool { self == .text || self == .email || self == .phone || self == .url || self == .notes }

    /// Line item columns typed as "Description, Quantity: number, Price: money": each a name,
    /// optionally ": number", ": decimal", ": money", ": date" or ": yes/no".
    static func columns(from text: String, keeping old: [FieldDefinition]) -> [FieldDefinition] {
        text.split(separator: ",").compactMap { (part: Substring) -> FieldDefinition? in
            let pieces = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let label = pieces.first, !label.isEmpty else { return nil }
            let kind: FieldKind = switch pieces.count > 1 ? pieces[1].lowercased() : "" {
            case "number", "whole": .wholeNumber
            case "decimal": .decimal(places: 2)
            case "money": .money(currency: "EUR")
            case "date": .date
            case "yes/no", "yesno": .yesNo
            default: .text(.plain)
            }
            // A column as it was (its rules, places, currency and default) unless its kind was retyped.
            if let before = old.first(where: { $0.label == label }) {
                if Self.text(of: [before]) == Self.text(of: [FieldDefinition(id: before.id, label: label, kind: kind)]) { return before }
                return FieldDefinition(id: before.id, label: label, kind: kind)
            }
            return FieldDefinition(id: .make(), label: label, kind: kind)
        }
    }

    /// The columns as they are typed.
    static func text(of columns: [FieldDefinition]) -> String {
        columns.map { column in
            switch column.kind {
            case .wholeNumber: column.label + ": number"
            case .decimal: column.label + ": decimal"
            case .money: column.label + ": money"
            case .date: column.label + ": date"
            case .yesNo: column.label + ": yes/no"
            default: column.label
            }
        }.joined(separator: ", ")
    }
}
