import FormDefinitions
import PinformCore
import Storage

extension DefinedForms {
    /// The other forms with a link field to the form `id`, in the switcher's order: while
    /// there is one, the form is not deleted.
    public func forms(linkingTo id: FormDefinitionID) -> [FormDefinition] {
        definitions.filter { definition in
            definition.id != id && definition.fields.contains { field in
                if case .link(let target) = field.kind { return target == id }
                return false
            }
        }
    }

    /// How many saved records the form `id` has (0 when it has none or they cannot be read).
    public func recordCount(of id: FormDefinitionID) -> Int {
        guard let index = slotIndex(of: id) else { return 0 }
        return recordCount(of: definedSlots[index])
    }

    private func recordCount<Slot: DefinedSlot>(of slot: Slot.Type) -> Int {
        guard let store = try? records?.store(DefinedModel<Slot>.self) else { return 0 }
        return (try? store.count()) ?? 0
    }
}
