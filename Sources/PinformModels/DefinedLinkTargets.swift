import FormDefinitions
import Localization
import PinformCore
import Storage

/// What a link field of a form made in the app can point to: the models written in Swift
/// (an intake form links to a Person) and the other forms made in the app. A Swift model is
/// named by `FormDefinitionID.model(_:)` ("model:person").
@MainActor
public enum DefinedLinkTargets {
    /// The Swift model `id` names, or nil (a form made in the app, or no such model).
    public static func model(for id: FormDefinitionID) -> (any FormModel.Type)? {
        guard let key = id.modelKey else { return nil }
        return ModelRegistry.builtIn.first { $0.settingsKey == key }
    }

    /// Every target but the form `excluded`: the Swift models first (as definitions with no
    /// fields, for their id and name), then the forms made in the app.
    public static func all(excluding excluded: FormDefinitionID) -> [FormDefinition] {
        ModelRegistry.builtIn.map { FormDefinition(id: .model($0.settingsKey), name: $0.title, fields: []) }
            + DefinedForms.shared.definitions.filter { $0.id != excluded }
    }

    /// The ids a link may point to now, for `DefinitionCheck`.
    public static var ids: Set<FormDefinitionID> {
        Set(ModelRegistry.builtIn.map { .model($0.settingsKey) } + DefinedForms.shared.definitions.map(\.id))
    }

    /// Why the records `ids` of the Swift model `settingsKey` cannot be deleted: the forms made
    /// in the app whose records link to them; nil when none does.
    public static func refusal(deleting ids: [RecordID], ofModel settingsKey: String, in context: ModelContext) -> String? {
        let target = FormDefinitionID.model(settingsKey)
        let wanted = Set(ids.map { String($0.rawValue) })
        for definition in DefinedForms.shared.definitions {
            let fields = definition.fields.filter { if case .link(let form) = $0.kind { form == target } else { false } }.map(\.id)
            guard !fields.isEmpty, let index = DefinedForms.shared.slotIndex(of: definition.id) else { continue }
            let count = linkingCount(in: definedSlots[index], fields: fields, to: wanted, context: context)
            guard count > 0 else { continue }
            // Translators: deleting a person is refused; {form} is a form made in the app whose records link to the person.
            return trn("Not deleted: %d record of the form “{form}” links to it. Change that link first.",
                       "Not deleted: %d records of the form “{form}” link to it. Change those links first.",
                       count, ["form": definition.name])
        }
        return nil
    }

    private static func linkingCount<Slot: DefinedSlot>(in slot: Slot.Type, fields: [FieldDefinitionID], to wanted: Set<String>,
                                                        context: ModelContext) -> Int {
        guard let store = try? context.records?.store(DefinedModel<Slot>.self),
              let stored = try? store.list(sortedBy: .id, ascending: true, search: nil, limit: nil, offset: 0) else { return 0 }
        return stored.filter { record in fields.contains { record.model.record[link: $0].map(wanted.contains) ?? false } }.count
    }
}
