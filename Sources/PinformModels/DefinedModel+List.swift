import Controls
import FormDefinitions
import Forms
import Localization
import PinformCore

@MainActor
extension DefinedModel {
    /// The stored fields' columns, a link's showing the linked record's summary as it is now.
    static func listColumns(_ context: ModelContext) -> [RecordColumn<DefinedModel>] {
        let columns = listColumns
        return zip(definition.fields, columns).map { field, column in
            guard case .link(let target) = field.kind else { return column }
            if let model = DefinedLinkTargets.model(for: target) {
                return linkColumn(column, field: field.id, target: model, context: context)
            }
            guard let slot = DefinedForms.shared.slotIndex(of: target) else { return column }
            return linkColumn(column, field: field.id, target: definedSlots[slot], context: context)
        }
    }

    private static func linkColumn<Target: DefinedSlot>(_ column: RecordColumn<DefinedModel>, field: FieldDefinitionID,
                                                        target: Target.Type, context: ModelContext) -> RecordColumn<DefinedModel> {
        linkColumn(column, field: field, target: DefinedModel<Target>.self, context: context)
    }

    /// A link's column: the linked record's summary as it is now (a Swift model's or a form's).
    private static func linkColumn<Target: RecordModel>(_ column: RecordColumn<DefinedModel>, field: FieldDefinitionID,
                                                        target: Target.Type, context: ModelContext) -> RecordColumn<DefinedModel> {
        let lookup = context.lookup(Target.self)
        return RecordColumn(title: column.title, sortKey: column.sortKey) { model in
            guard let text = model.record[link: field], let id = Int64(text), id > 0 else { return "" }
            return lookup.summary(of: RecordRef(id: id)) ?? tr("This record no longer exists")
        }
    }
}
