import Foundation
import FormDefinitions
import Forms
import Localization
import PinformCore
import Storage

/// The stored columns and list texts of a defined form's fields: numbers sort as numbers,
/// dates by day, yes/no as 0 and 1, everything else as text.
enum DefinedColumns {
    /// The records list's column and the export's for `field`.
    @MainActor
    static func field<Slot: DefinedSlot>(_ field: FieldDefinition, in definition: FormDefinition) -> RecordField<DefinedModel<Slot>> {
        let id = field.id
        let name = DefinedNames.column(of: id)
        let column: Column<DefinedModel<Slot>>
        switch field.kind {
        case .wholeNumber:
            column = Column(name, type: .integer) { $0.record[integer: id].map { .integer($0) } ?? .null }
        case .decimal, .money:
            column = Column(name, type: .real) { model in
                model.record[decimal: id].map { .real(NSDecimalNumber(decimal: $0).doubleValue) } ?? .null
            }
        case .yesNo:
            column = Column(name, type: .integer) { $0.record[yesNo: id].map { .integer($0 ? 1 : 0) } ?? .null }
        case .date:
            column = Column(name, type: .text) { $0.record[date: id].map { .text($0.description) } ?? .null }
        case .lines:
            column = Column(name, type: .integer) { .integer(Int64($0.record[lines: id].count)) }
        case .computed:
            let computation = DefinedComputation(field: field, definition: definition)
            column = Column(name, type: .text) { .text(computation.value(of: $0.record).formatted(using: .current)) }
        case .text, .notes, .choice, .link:
            column = Column(name, type: .text) { model in
                let value = model.record[value: id]
                return value.isNone ? .null : .text(value.canonicalText)
            }
        }
        let computation = DefinedComputation(field: field, definition: definition)
        return .computed(field.label, column: column) { model in
            text(of: field, in: model.record, computation: computation)
        }
    }

    /// The text of `field`'s value in the user's locale ("" when it has none).
    static func text(of field: FieldDefinition, in record: DefinedRecord, definition: FormDefinition) -> String {
        text(of: field, in: record, computation: DefinedComputation(field: field, definition: definition))
    }

    private static func text(of field: FieldDefinition, in record: DefinedRecord, computation: DefinedComputation) -> String {
        switch field.kind {
        case .computed: computation.text(of: record)
        case .money(let currency):
            record[decimal: field.id].map { "\(LocaleText.amount($0)) \(currency)" } ?? ""
        case .link: ""
        default: record[value: field.id].formatted(using: .current)
        }
    }
}
