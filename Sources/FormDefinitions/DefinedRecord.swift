import Foundation
import Forms

/// A record of a defined form: each field's typed value by its stable id, and the values of
/// fields removed from the form, kept so that restoring a field brings them back.
///
/// Codable (JSON `{"values": {id: value}, "kept": {id: value}}`), so the record store keeps it as
/// it keeps a typed model. A line item's row is a `DefinedRecord` too (without kept values).
///
/// The typed subscripts are what a `Form<DefinedRecord>` binds inputs to, as key paths, just as
/// a typed model's properties: `form.bind(input, to: \DefinedRecord[integer: id], rules: …)`.
/// Each reads nil when the field holds no value of that type, and writing nil clears it.
public struct DefinedRecord: Hashable, Sendable, Codable {
    /// The values of the form's fields; a field without a value is absent.
    public var values: [FieldDefinitionID: FieldValue]
    /// The values of removed fields, kept until the field is restored (or forever).
    public var kept: [FieldDefinitionID: FieldValue]

    /// A record of `values`.
    public init(values: [FieldDefinitionID: FieldValue] = [:], kept: [FieldDefinitionID: FieldValue] = [:]) {
        self.values = values
        self.kept = kept
    }

    private enum Keys: String, CodingKey { case values, kept }

    /// Reads `values` and, when there, `kept`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        values = try container.decode([FieldDefinitionID: FieldValue].self, forKey: .values)
        kept = try container.decodeIfPresent([FieldDefinitionID: FieldValue].self, forKey: .kept) ?? [:]
    }

    /// Writes `values`, and `kept` when there are any.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(values, forKey: .values)
        if !kept.isEmpty { try container.encode(kept, forKey: .kept) }
    }

    /// The field's value, `.none` when it has none; writing `.none` clears it.
    public subscript(value field: FieldDefinitionID) -> FieldValue {
        get { values[field] ?? .none }
        set { values[field] = newValue == .none ? nil : newValue }
    }

    /// A text or notes field.
    public subscript(text field: FieldDefinitionID) -> String? {
        get { if case .text(let text)? = values[field] { text } else { nil } }
        set { values[field] = newValue.map(FieldValue.text) }
    }

    /// A whole-number field.
    public subscript(integer field: FieldDefinitionID) -> Int64? {
        get { if case .integer(let value)? = values[field] { value } else { nil } }
        set { values[field] = newValue.map(FieldValue.integer) }
    }

    /// A decimal or money field.
    public subscript(decimal field: FieldDefinitionID) -> Decimal? {
        get { if case .decimal(let value)? = values[field] { value } else { nil } }
        set { values[field] = newValue.map(FieldValue.decimal) }
    }

    /// A date field.
    public subscript(date field: FieldDefinitionID) -> CalendarDate? {
        get { if case .date(let value)? = values[field] { value } else { nil } }
        set { values[field] = newValue.map(FieldValue.date) }
    }

    /// A yes/no field.
    public subscript(yesNo field: FieldDefinitionID) -> Bool? {
        get { if case .yesNo(let value)? = values[field] { value } else { nil } }
        set { values[field] = newValue.map(FieldValue.yesNo) }
    }

    /// A choice field: the option chosen.
    public subscript(choice field: FieldDefinitionID) -> String? {
        get { if case .choice(let value)? = values[field] { value } else { nil } }
        set { values[field] = newValue.map(FieldValue.choice) }
    }

    /// A link field: the linked record's id.
    public subscript(link field: FieldDefinitionID) -> String? {
        get { if case .link(let value)? = values[field] { value } else { nil } }
        set { values[field] = newValue.map(FieldValue.link) }
    }

    /// A line-items field: its rows ([] when none).
    public subscript(lines field: FieldDefinitionID) -> [DefinedRecord] {
        get { if case .lines(let rows)? = values[field] { rows } else { [] } }
        set { values[field] = newValue.isEmpty ? nil : .lines(newValue) }
    }
}
