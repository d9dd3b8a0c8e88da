/// A form defined as data, in the user's words: what the form designer makes and the sealed
/// store keeps, as a versioned JSON document (see docs/forms.md, "The definition format").
///
/// ``DefinedForm`` builds the same `Form` a typed model has from it; ``DefinitionCheck`` refuses
/// one that does not make sense; ``DefinitionChange`` moves records from one version to the next.
public struct FormDefinition: Hashable, Sendable, Identifiable {
    /// The version of the format this library writes. A document of a higher version is refused
    /// ("made by a newer Pinform").
    public static let currentFormatVersion = 1

    /// The format version the definition was written in.
    public var formatVersion: Int
    /// The stable id: renaming the form keeps it.
    public var id: FormDefinitionID
    /// The form's name in the user's words ("Member").
    public var name: String
    /// The fields, in order: the order of tabbing, of the list's columns and of CSV.
    public var fields: [FieldDefinition]
    /// Which fields share a row and their widths; a field in no row gets a row of its own at
    /// the end.
    public var layout: [LayoutRow]
    /// Fields removed from the form, kept with their ids so that they can be restored with
    /// their records' values (``DefinedRecord/kept``).
    public var removed: [FieldDefinition]

    /// A definition in the current format.
    public init(id: FormDefinitionID = .make(), name: String, fields: [FieldDefinition],
                layout: [LayoutRow] = [], removed: [FieldDefinition] = []) {
        self.formatVersion = Self.currentFormatVersion
        self.id = id
        self.name = name
        self.fields = fields
        self.layout = layout
        self.removed = removed
    }

    /// The field `id`, if the form has it (removed fields are not).
    public func field(_ id: FieldDefinitionID) -> FieldDefinition? {
        fields.first { $0.id == id }
    }

    /// The rows as shown: `layout`'s rows with unknown and repeated fields left out, empty rows
    /// dropped, then a row for each field placed in none.
    public var rows: [LayoutRow] {
        let known = Set(fields.map(\.id))
        var placed: Set<FieldDefinitionID> = []
        var rows: [LayoutRow] = []
        for row in layout {
            let cells = row.cells.filter { known.contains($0.field) && placed.insert($0.field).inserted }
            if !cells.isEmpty { rows.append(LayoutRow(cells)) }
        }
        for field in fields where !placed.contains(field.id) {
            rows.append(LayoutRow(fields: [field.id]))
        }
        return rows
    }

    /// A new record of this form: every field's default.
    public var blankRecord: DefinedRecord {
        var record = DefinedRecord()
        // Room for every field, so that resolving into it never grows the table.
        record.values.reserveCapacity(fields.count)
        for field in fields { record[value: field.id] = field.defaultValue }
        return record
    }
}

extension FormDefinition: Codable {
    private enum Keys: String, CodingKey {
        case formatVersion, id, name, fields, layout, removed
    }

    /// Reads a definition; `layout` and `removed` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        id = try container.decode(FormDefinitionID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        fields = try container.decode([FieldDefinition].self, forKey: .fields)
        layout = try container.decodeIfPresent([LayoutRow].self, forKey: .layout) ?? []
        removed = try container.decodeIfPresent([FieldDefinition].self, forKey: .removed) ?? []
    }

    /// Writes every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(fields, forKey: .fields)
        try container.encode(layout, forKey: .layout)
        try container.encode(removed, forKey: .removed)
    }
}
