import Foundation
import FormDefinitions
import Forms

/// How a change of a form's definition changes its saved records, as a pure function of a
/// record's JSON: added fields read as their default (nothing is written), removed fields keep
/// their values (hidden, restored when the field comes back), renamed fields keep theirs (values
/// are keyed by the field's stable identity); a field whose kind changed has its value converted
/// where it can be, and where it cannot, the old value is kept aside in the record (`kept`) and
/// the field starts empty.
enum DefinitionMigration {
    /// The fields of `old` whose saved values a change to `new` affects: removed ones and those
    /// whose kind changed.
    static func touchedFields(from old: FormDefinition, to new: FormDefinition) -> Set<FieldDefinitionID> {
        Set(old.fields.filter { field in
            guard let now = new.field(field.id) else { return true }
            return now.kind != field.kind
        }.map(\.id))
    }

    /// `json` (a record of `old`) as a record of `new`.
    static func migrate(_ json: Data, from old: FormDefinition, to new: FormDefinition) throws -> Data {
        var record = try JSONDecoder().decode(DefinedRecord.self, from: json)
        for field in new.fields {
            guard let before = old.field(field.id), before.kind != field.kind else { continue }
            let value = record[value: field.id]
            guard !value.isNone else { continue }
            if let converted = convert(value, to: field.kind) {
                record[value: field.id] = converted
            } else {
                record.kept[field.id] = value
                record[value: field.id] = .none
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(record)
    }

    /// `value` as a value of `kind`, or nil when it does not convert.
    static func convert(_ value: FieldValue, to kind: FieldKind) -> FieldValue? {
        let text = value.canonicalText
        switch kind {
        case .text, .notes:
            if case .lines = value { return nil }
            return .text(text)
        case .wholeNumber:
            if case .integer = value { return value }
            if let number = value.number ?? Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
               number == number.rounded(places: 0) {
                return .integer(Int64(truncating: NSDecimalNumber(decimal: number)))
            }
            return nil
        case .decimal, .money:
            if let number = value.number { return .decimal(number) }
            return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).map(FieldValue.decimal)
        case .date:
            if case .date = value { return value }
            return CalendarDate(text).map(FieldValue.date)
        case .yesNo:
            switch text.lowercased() {
            case "true", "yes", "1": return .yesNo(true)
            case "false", "no", "0": return .yesNo(false)
            default: return nil
            }
        case .choice(let options):
            return options.contains(text) ? .choice(text) : nil
        case .lines, .link, .computed:
            return nil
        }
    }
}
