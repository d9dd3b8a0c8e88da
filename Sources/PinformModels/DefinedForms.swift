import Foundation
import FormDefinitions
import PinformCore
import Storage

/// The forms defined in the app, as models of the app: each definition kept in the records
/// database (`FormDefinitionStore`) takes one of `capacity` slots, and `DefinedModel` of that
/// slot reads it — its title, its fields, its form, its table.
///
/// Slots are given in the order the forms were made and kept for the session, so the records
/// list, drafts and lookups that hold a slot's type never see another form in it. `load(from:)`
/// reads the definitions when the records are unlocked; `save(_:)` writes a new or changed one
/// with its records' migration in one transaction.
@MainActor
public final class DefinedForms {
    /// The app's forms.
    public static let shared = DefinedForms()
    /// How many forms can be defined: one per slot type.
    public static var capacity: Int { definedSlots.count }

    struct Entry {
        var definition: FormDefinition
        /// The stored version (`StoredFormDefinition.version`).
        var version: Int
    }

    private(set) var slots: [Entry?] = Array(repeating: nil, count: definedSlots.count)
    /// The records the definitions were read from.
    private(set) var records: RecordsDatabase?
    private var observers: [@MainActor () -> Void] = []
    /// The shared records whose other desks' changes of definitions are followed, and the token.
    var followed: (records: ObjectIdentifier, token: Int)?
    /// Slots of forms deleted in this session: not given to another form before the next
    /// start, so that nothing holding the slot's type sees another form in it.
    private var retired: Set<Int> = []

    /// An empty registry; the app's is `shared`.
    init() {}

    /// The stored forms not used at the last `load(from:)`, and why: their records are kept.
    public private(set) var refused: [RefusedDefinition] = []

    /// The definitions, in the switcher's order.
    public var definitions: [FormDefinition] { slots.compactMap { $0?.definition } }

    /// The models of the defined forms, in the switcher's order.
    public var models: [any FormModel.Type] {
        slots.indices.filter { slots[$0] != nil }.map { Self.model(of: definedSlots[$0]) }
    }

    private static func model<Slot: DefinedSlot>(of slot: Slot.Type) -> any FormModel.Type { DefinedModel<Slot>.self }

    /// The model of the form `id`, or nil when there is none.
    public func model(for id: FormDefinitionID) -> (any FormModel.Type)? {
        slotIndex(of: id).map { Self.model(of: definedSlots[$0]) }
    }

    func slotIndex(of id: FormDefinitionID) -> Int? {
        slots.firstIndex { $0?.definition.id == id }
    }

    func entry(inSlot index: Int) -> Entry? {
        slots.indices.contains(index) ? slots[index] : nil
    }

    /// Calls `observer` after every `save(_:)` and `load(from:)`: the window adds or rebuilds pages.
    public func observe(_ observer: @escaping @MainActor () -> Void) {
        observers.append(observer)
    }

    /// Reads the definitions of `records` (nothing when it cannot be opened). Forms already in
    /// a slot keep it; new ones take the first free slots; those beyond `capacity` are not
    /// shown (they stay stored).
    public func load(from records: RecordsDatabase) {
        self.records = records
        observeOtherDesks(of: records)
        guard let stored = try? records.formDefinitions(recordsTable: { DefinedNames.table(of: FormDefinitionID($0)) })
        else { return }
        // Each definition is checked as a file is: one a newer version wrote, a damaged one, or
        // one the store cannot keep (two fields naming one column) is left as it is, with its
        // records, and not used — the window says why.
        let read = StoredDefinitions.read(stored, id: \.id, document: \.document)
        refused = read.refused
        let found = read.accepted.map { Entry(definition: $0.definition, version: $0.stored.version) }
        for index in slots.indices {
            guard let held = slots[index] else { continue }
            slots[index] = found.first { $0.definition.id == held.definition.id }
            // Changed at another desk: the store is opened again with the new columns.
            if slots[index]?.version != held.version { Self.forgetStore(of: definedSlots[index], in: records) }
            // Deleted at another desk: its slot is not given to another form this session.
            if slots[index] == nil { retired.insert(index) }
        }
        for entry in found where slotIndex(of: entry.definition.id) == nil {
            guard let free = freeSlot else { break }
            slots[free] = entry
        }
        for observer in observers { observer() }
    }

    /// Forgets every form (not the stored ones): before the next `load(from:)` of another
    /// database, in tests.
    @_spi(Testing) public func forgetAll() {
        slots = Array(repeating: nil, count: definedSlots.count)
        records = nil
        retired = []
        refused = []
    }

    /// The first slot no form has or had in this session.
    private var freeSlot: Int? {
        slots.indices.first { slots[$0] == nil && !retired.contains($0) }
    }

    /// The stored version of the form `id`: 0 when it was never saved.
    public func version(of id: FormDefinitionID) -> Int {
        slotIndex(of: id).flatMap { slots[$0]?.version } ?? 0
    }

    /// The definition of the form `id` as stored, or nil.
    public func definition(_ id: FormDefinitionID) -> FormDefinition? {
        slotIndex(of: id).flatMap { slots[$0]?.definition }
    }

    /// How many saved records of the form `definition.id` a save of `definition` changes
    /// (`DefinitionChange.affectedCount`). 0 for a new form.
    public func affectedRecords(changingTo definition: FormDefinition) -> Int {
        guard let old = self.definition(definition.id), let index = slotIndex(of: definition.id) else { return 0 }
        let change = DefinitionChange(from: old, to: definition)
        guard !change.leavesRecordsAlone else { return 0 }
        return affectedRecords(of: definedSlots[index], by: change)
    }

    private func affectedRecords<Slot: DefinedSlot>(of slot: Slot.Type, by change: DefinitionChange) -> Int {
        guard let store = try? records?.store(DefinedModel<Slot>.self), let all = try? store.list() else { return 0 }
        return change.affectedCount(all.map(\.model.record))
    }

    /// Saves `definition`, new or changed, and migrates its records (values of a changed kind
    /// converted, or kept as they were when they do not convert) in one transaction; then the
    /// window's pages follow.
    /// - Parameter base: the stored version the change started from (the designer's, when it
    ///   opened); nil for the one held now. A form saved meanwhile — at another desk — is refused.
    /// - Throws: `StoreError` (nothing is saved then), or `.other` when `capacity` forms exist.
    public func save(_ definition: FormDefinition, basedOn base: Int? = nil) throws(StoreError) {
        guard let records else { throw StoreError.closed(path: "") }
        let old = self.definition(definition.id)
        guard old != nil || freeSlot != nil else {
            throw StoreError.other(code: 1, reason: "at most \(Self.capacity) forms")
        }
        // The same document as a `.pinform-form` file.
        let document = FormDocument.encode(definition)
        let version = (base ?? self.version(of: definition.id)) + 1
        let migrate = old.map { old in
            let change = DefinitionChange(from: old, to: definition)
            return { (json: Data) throws -> Data in try DefinitionMigration.migrate(json, by: change) }
        }
        try records.saveFormDefinition(
            StoredFormDefinition(id: definition.id.rawValue, version: version, document: document),
            records: DefinedNames.table(of: definition.id), formatVersion: FormDefinition.currentFormatVersion, migrate: migrate)
        let entry = Entry(definition: definition, version: version)
        if let index = slotIndex(of: definition.id) {
            slots[index] = entry
            Self.forgetStore(of: definedSlots[index], in: records)
        } else if let free = freeSlot {
            slots[free] = entry
        }
        for observer in observers { observer() }
    }

    /// Deletes the form `id`'s definition; its records stay in their table, hidden, so that
    /// saving the definition again (Undo, or importing its `.pinform-form` file) brings them
    /// back. The window's page of it goes.
    /// - Throws: `StoreError`; nothing is deleted then.
    public func delete(_ id: FormDefinitionID) throws(StoreError) {
        guard let records, let index = slotIndex(of: id) else { return }
        try records.deleteFormDefinition(id: id.rawValue)
        Self.forgetStore(of: definedSlots[index], in: records)
        slots[index] = nil
        retired.insert(index)
        for observer in observers { observer() }
    }

    static func forgetStore<Slot: DefinedSlot>(of slot: Slot.Type, in records: RecordsDatabase) {
        records.forgetStore(DefinedModel<Slot>.self)
    }
}
