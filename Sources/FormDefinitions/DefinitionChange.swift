import Forms
import Localization

/// What changing a form from one definition to the next does to its records, planned before
/// anything is applied: a field added gives older records its default; a field removed is hidden
/// and its values kept (``DefinedRecord/kept``), restorable; a rename keeps the values (ids are
/// stable); a change of kind converts each value where it can and keeps the old one where it
/// cannot. ``impact(on:)`` counts the records each step affects; ``apply(to:)`` is a pure
/// function, for one store transaction over every record.
public struct DefinitionChange: Sendable {
    /// One step of the change.
    public enum Step: Hashable, Sendable {
        /// A new field: records without a value get `default`.
        case added(FieldDefinitionID, default: FieldValue)
        /// A field taken off the form: its values move to `kept`.
        case removed(FieldDefinitionID)
        /// A removed field put back: its kept values come back (converted to its kind).
        case restored(FieldDefinitionID)
        /// A new label; the values stay.
        case renamed(FieldDefinitionID, from: String, to: String)
        /// A new kind: each value converted, or kept when it cannot be.
        case kindChanged(FieldDefinitionID, from: FieldKind, to: FieldKind)
    }

    /// How many records a step affects.
    public struct Impact: Hashable, Sendable {
        /// The step.
        public let step: Step
        /// Records whose value the step changes, moves or fills in.
        public let records: Int
        /// Of those, records whose value cannot be converted and is kept instead.
        public let kept: Int
    }

    /// The definition before.
    public let old: FormDefinition
    /// The definition after.
    public let new: FormDefinition
    /// The steps, in the new definition's field order (removals last).
    public let steps: [Step]
    private let columnChanges: [FieldDefinitionID: DefinitionChange]

    /// The change from `old` to `new`.
    public init(from old: FormDefinition, to new: FormDefinition) {
        self.old = old
        self.new = new
        var steps: [Step] = []
        var columnChanges: [FieldDefinitionID: DefinitionChange] = [:]
        let before = Dictionary(old.fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let removedBefore = Set(old.removed.map(\.id))
        for field in new.fields {
            guard let previous = before[field.id] else {
                steps.append(removedBefore.contains(field.id) ? .restored(field.id) : .added(field.id, default: field.defaultValue))
                continue
            }
            if previous.label != field.label { steps.append(.renamed(field.id, from: previous.label, to: field.label)) }
            if case .lines(let oldColumns) = previous.kind, case .lines(let newColumns) = field.kind {
                let change = DefinitionChange(from: FormDefinition(id: old.id, name: old.name, fields: oldColumns),
                                              to: FormDefinition(id: new.id, name: new.name, fields: newColumns))
                if !change.steps.isEmpty { columnChanges[field.id] = change }
            } else if case .computed = previous.kind, case .computed = field.kind {
                // A new expression: the values are computed again, nothing to keep.
            } else if previous.kind != field.kind {
                steps.append(.kindChanged(field.id, from: previous.kind, to: field.kind))
            }
        }
        let after = Set(new.fields.map(\.id))
        for field in old.fields where !after.contains(field.id) { steps.append(.removed(field.id)) }
        self.steps = steps
        self.columnChanges = columnChanges
    }

    /// Whether the change touches no record (labels, layout, rules, the name may still change).
    public var leavesRecordsAlone: Bool {
        steps.allSatisfy { if case .renamed = $0 { true } else { false } } && columnChanges.isEmpty
    }

    /// How many of `records` each step affects: what the designer says before applying.
    public func impact(on records: [DefinedRecord]) -> [Impact] {
        steps.map { step in
            var affected = 0, kept = 0
            for record in records {
                switch step {
                case .added(let id, let value):
                    if value != .none, record.values[id] == nil { affected += 1 }
                case .removed(let id):
                    if record.values[id] != nil { affected += 1 }
                case .restored(let id):
                    guard let value = record.kept[id] else { continue }
                    affected += 1
                    if let kind = new.field(id)?.kind, ValueConversion.convert(value, to: kind) == nil { kept += 1 }
                case .renamed:
                    break
                case .kindChanged(let id, _, let kind):
                    guard let value = record.values[id] else { continue }
                    affected += 1
                    if case .computed = kind { continue }
                    if ValueConversion.convert(value, to: kind) == nil { kept += 1 }
                }
            }
            return Impact(step: step, records: affected, kept: kept)
        }
    }

    /// The number of records the change touches at all (the columns of line items included).
    public func affectedCount(_ records: [DefinedRecord]) -> Int {
        records.filter { apply(to: $0) != $0 }.count
    }

    /// `record` in the new definition; computed fields are computed again when `today` is given.
    public func apply(to record: DefinedRecord, today: CalendarDate? = nil) -> DefinedRecord {
        var record = record
        for step in steps {
            switch step {
            case .added(let id, let value):
                if record.values[id] == nil, value != .none { record.values[id] = value }
            case .removed(let id):
                if let value = record.values.removeValue(forKey: id) { record.kept[id] = value }
            case .restored(let id):
                guard let value = record.kept[id], let kind = new.field(id)?.kind else { continue }
                if let converted = ValueConversion.convert(value, to: kind) {
                    record.kept[id] = nil
                    record[value: id] = converted
                }
            case .renamed:
                break
            case .kindChanged(let id, _, let kind):
                guard let value = record.values[id] else { continue }
                if case .computed = kind {
                    record.values[id] = nil
                    record.kept[id] = value
                } else if let converted = ValueConversion.convert(value, to: kind) {
                    record[value: id] = converted
                } else {
                    record.values[id] = nil
                    record.kept[id] = value
                }
            }
        }
        for (id, change) in columnChanges {
            let rows = record[lines: id]
            if !rows.isEmpty { record[lines: id] = rows.map { change.apply(to: $0) } }
        }
        if let today {
            var problems: [DefinitionProblem] = []
            record = DefinitionCheck.compile(new, problems: &problems).computing(record, today: today)
        }
        return record
    }

    /// Every record in the new definition, in order.
    public func apply(to records: [DefinedRecord], today: CalendarDate? = nil) -> [DefinedRecord] {
        records.map { apply(to: $0, today: today) }
    }
}
