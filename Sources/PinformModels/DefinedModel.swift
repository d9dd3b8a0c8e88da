import Controls
import Foundation
import FormDefinitions
import Forms
import Localization
import PinformCore
import Storage

/// A record of a form defined in the app, as a model of the app: `Slot` says which of
/// `DefinedForms`' definitions it is, and every static member — the title, the table, the
/// fields, the form — reads that definition. Its JSON is the `DefinedRecord`'s: values typed by
/// the definition, keyed by the fields' stable identities.
struct DefinedModel<Slot: DefinedSlot>: Equatable {
    /// The values.
    var record: DefinedRecord

    /// The definition of this slot: an empty form when none is assigned (never while a page
    /// of it is shown).
    @MainActor
    static var definition: FormDefinition {
        DefinedForms.shared.entry(inSlot: Slot.index)?.definition
            ?? FormDefinition(id: FormDefinitionID("unassigned_\(Slot.index)"), name: "", fields: [])
    }
}

extension DefinedModel: Codable {
    init(from decoder: any Decoder) throws {
        record = try DefinedRecord(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
    }
}

extension DefinedModel: FormModel {
    static var title: String { definition.name }
    static var settingsKey: String { "form." + definition.id.rawValue }
    static var iconName: String { "text-editor-symbolic" }
    static var blank: DefinedModel { DefinedModel(record: definition.blankRecord) }
    static var table: String { DefinedNames.table(of: definition.id) }
    // Translators: the file name an export of a form's records suggests: "Members.csv"; keep ".csv".
    static var exportFileName: String { tr("{form}.csv", ["form": definition.name]) }
    /// The stored version of the definition: every change may add, remove or retype columns.
    static var layoutVersion: Int { max(1, DefinedForms.shared.entry(inSlot: Slot.index)?.version ?? 1) }

    static var fields: [RecordField<DefinedModel>] {
        let definition = definition
        return definition.fields.map { DefinedColumns.field($0, in: definition) }
    }

    static func makeForm(_ context: ModelContext) -> FormView<DefinedModel> {
        DefinedFormBuilder.makeForm(definition, for: DefinedModel.self, context: context)
    }

    /// The first three values given, in the form's order: "Ada Lovelace, ada@example.com, 36".
    var summary: String {
        let definition = Self.definition
        let values = definition.fields.lazy.compactMap { field -> String? in
            if case .lines = field.kind { return nil }
            let text = DefinedColumns.text(of: field, in: self.record, definition: definition)
            return text.isEmpty ? nil : text
        }
        return Array(values.prefix(3)).joined(separator: tr(", "))
    }
}
