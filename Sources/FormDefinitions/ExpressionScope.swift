/// The fields an expression can name, by label (compared without case and surrounding spaces),
/// with their types; a line-items field with its columns.
public struct ExpressionScope: Sendable {
    struct Entry: Sendable {
        let id: FieldDefinitionID
        let type: ExpressionType
        let columns: [String: (id: FieldDefinitionID, type: ExpressionType)]
    }

    private var entries: [String: Entry] = [:]

    /// The fields of a form; computed fields are named with the type of their expression: from
    /// `computedTypes` when given (a computed field missing there cannot be named), else found
    /// by checking their expressions in dependency order (those that do not check cannot be named).
    public init(fields: [FieldDefinition], computedTypes: [FieldDefinitionID: ExpressionType]? = nil) {
        var types = computedTypes ?? [:]
        if computedTypes == nil, fields.contains(where: { $0.expression != nil }) {
            var problems: [DefinitionProblem] = []
            let compiled = DefinitionCheck.compile(FormDefinition(id: "scope", name: "scope", fields: fields), problems: &problems)
            types = compiled.expressions.mapValues(\.type)
        }
        self.init(fields: fields, knownTypes: types)
    }

    init(fields: [FieldDefinition], knownTypes computedTypes: [FieldDefinitionID: ExpressionType]) {
        for field in fields {
            guard let type = ExpressionType(kind: field.kind) ?? computedTypes[field.id] else { continue }
            var columns: [String: (id: FieldDefinitionID, type: ExpressionType)] = [:]
            if case .lines(let definitions) = field.kind {
                for column in definitions {
                    guard let type = ExpressionType(kind: column.kind), type != .lines else { continue }
                    columns[Self.fold(column.label)] = (column.id, type)
                }
            }
            entries[Self.fold(field.label)] = Entry(id: field.id, type: type, columns: columns)
        }
    }

    /// A label as names compare: lower case, without surrounding spaces.
    public static func fold(_ label: String) -> String {
        label.trimmingCharacters(in: .whitespaces).lowercased()
    }

    func entry(_ name: String) -> Entry? {
        entries[Self.fold(name)]
    }
}
