import Foundation
import Localization

/// Refuses a definition that does not make sense, with a message naming the field: a computed
/// field that refers to itself (directly or through others), an expression that names an
/// unknown field or mixes types, a minimum above the maximum, a choice without options or with
/// one twice, a link to a form that does not exist, two fields of one name, a field without a
/// name, a pattern that is not a regular expression, two fields whose ids name one stored
/// column, a form id too long for a table name.
public enum DefinitionCheck {
    /// Every problem of `definition`, in field order; empty when it makes sense.
    /// - Parameter existingForms: the forms there are, for links (the definition's own id counts).
    public static func problems(in definition: FormDefinition, existingForms: Set<FormDefinitionID>) -> [DefinitionProblem] {
        var problems: [DefinitionProblem] = []
        if definition.name.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append(DefinitionProblem(field: nil, message: tr("The form has no name")))
        }
        if definition.fields.isEmpty {
            problems.append(DefinitionProblem(field: nil, message: tr("A form needs at least one field")))
        }
        var forms = existingForms
        forms.insert(definition.id)
        problems += fieldProblems(definition.fields, forms: forms, isColumns: false)
        problems += idProblems(in: definition)
        problems += tableProblems(in: definition)
        if problems.isEmpty { _ = compile(definition, problems: &problems) }
        return problems
    }

    /// The problems of the fields' ids, which nobody changes in the designer (a file made by
    /// hand or crafted has them): two fields of one id, and fields whose different ids name one
    /// column as the store names them (``StoredNames``: `f-a` and `f_a`, `f-A` and `f-a`) — the
    /// store cannot keep both —, and an id too long for a column's name on a shared database.
    /// Removed fields count: restoring one brings its column back.
    /// Import refuses a file with them (`FormDocument.read(contentsOf:)`).
    public static func idProblems(in definition: FormDefinition) -> [DefinitionProblem] {
        var problems: [DefinitionProblem] = []
        var ids: Set<FieldDefinitionID> = []
        for field in definition.fields + definition.removed where !ids.insert(field.id).inserted {
            problems.append(DefinitionProblem(field: field.id, message: tr("Two fields have the id “{id}”", ["id": field.id.rawValue])))
        }
        for field in definition.fields + definition.removed where !StoredNames.isStorable(field.id) {
            // Translators: a field of a form file whose id (never shown in the designer) is too long to be a column's name.
            problems.append(DefinitionProblem(field: field.id, message: tr(
                "“{field}”: its id is longer than {maximum} characters, so its values cannot be stored",
                ["field": field.label, "maximum": String(StoredNames.longestColumn - StoredNames.column(of: "").count)])))
        }
        var owners: [String: FieldDefinition] = [:]
        for field in definition.fields + definition.removed {
            let key = StoredNames.columnKey(of: field.id)
            guard let owner = owners[key] else {
                owners[key] = field
                continue
            }
            guard owner.id != field.id else { continue }
            // Translators: two fields of a form file whose ids differ only in case or punctuation ("f-a", "f_a"): the store cannot tell them apart.
            problems.append(DefinitionProblem(field: field.id, message: tr(
                "“{field}” and “{other}” cannot both be kept: their ids “{id}” and “{otherID}” name one stored column",
                ["field": field.label, "other": owner.label, "id": field.id.rawValue, "otherID": owner.id.rawValue])))
        }
        return problems
    }

    /// A form id too long for the table name of its records.
    static func tableProblems(in definition: FormDefinition) -> [DefinitionProblem] {
        guard !StoredNames.isStorable(definition.id) else { return [] }
        return [DefinitionProblem(field: nil, message: tr(
            "The form's id is longer than {maximum} characters, so its records cannot be stored",
            ["maximum": String(StoredNames.longestTable - StoredNames.table(of: "").count)]))]
    }

    /// The computed fields compiled in dependency order; the problems of their expressions
    /// (a cycle, or each expression's error) are appended to `problems`, and those fields left out.
    public static func compile(_ definition: FormDefinition, problems: inout [DefinitionProblem]) -> CompiledExpressions {
        let computed = definition.fields.filter { $0.expression != nil }
        let byLabel = Dictionary(definition.fields.map { (ExpressionScope.fold($0.label), $0) }, uniquingKeysWith: { first, _ in first })
        let before = problems.count
        // The computed fields each computed field reads.
        var reads: [FieldDefinitionID: [FieldDefinitionID]] = [:]
        for field in computed {
            do {
                let names = try Expression.referencedNames(in: field.expression ?? "")
                reads[field.id] = names.compactMap { byLabel[ExpressionScope.fold($0)] }.filter { $0.expression != nil }.map(\.id)
            } catch {
                problems.append(fieldError(field, error))
            }
        }
        guard problems.count == before else { return CompiledExpressions(expressions: [:], order: []) }
        let order: [FieldDefinitionID]
        switch ordered(computed.map(\.id), reads: reads) {
        case .success(let found): order = found
        case .failure(let cycle):
            let labels = cycle.ids.compactMap { id in definition.fields.first { $0.id == id }?.label }
            let field = labels.first ?? ""
            let message = labels.count <= 1
                ? tr("“{field}” is computed from itself", ["field": field])
                : tr("“{field}” is computed from itself, through {path}",
                     ["field": field, "path": labels.dropFirst().map { "“\($0)”" }.joined(separator: ", ")])
            problems.append(DefinitionProblem(field: cycle.ids.first, message: message))
            return CompiledExpressions(expressions: [:], order: [])
        }
        var types: [FieldDefinitionID: ExpressionType] = [:]
        var expressions: [FieldDefinitionID: Expression] = [:]
        for id in order {
            guard let field = definition.field(id) else { continue }
            do {
                let expression = try Expression(field.expression ?? "", scope: ExpressionScope(fields: definition.fields, knownTypes: types))
                types[id] = expression.type
                expressions[id] = expression
            } catch {
                problems.append(fieldError(field, error))
            }
        }
        return CompiledExpressions(expressions: expressions, order: order.filter { expressions[$0] != nil })
    }

    private static func fieldError(_ field: FieldDefinition, _ error: ExpressionError) -> DefinitionProblem {
        // Translators: a problem of a computed field's expression: "“Total”: Division by zero".
        DefinitionProblem(field: field.id, message: tr("“{field}”: {problem}", ["field": field.label, "problem": error.message]))
    }

    /// The ids in an order where each comes after those it reads, or a cycle (iterative depth-first search).
    private static func ordered(_ ids: [FieldDefinitionID], reads: [FieldDefinitionID: [FieldDefinitionID]])
        -> Result<[FieldDefinitionID], CycleFound> {
        var state: [FieldDefinitionID: Bool] = [:]  // false: on the path, true: done
        var order: [FieldDefinitionID] = []
        for start in ids where state[start] == nil {
            var path: [(id: FieldDefinitionID, next: Int)] = [(start, 0)]
            state[start] = false
            while let top = path.last {
                let targets = reads[top.id] ?? []
                if top.next < targets.count {
                    path[path.count - 1].next += 1
                    let target = targets[top.next]
                    switch state[target] {
                    case nil:
                        state[target] = false
                        path.append((target, 0))
                    case false?:
                        let from = path.firstIndex { $0.id == target } ?? 0
                        return .failure(CycleFound(path[from...].map(\.id)))
                    case true?:
                        break
                    }
                } else {
                    state[top.id] = true
                    order.append(top.id)
                    path.removeLast()
                }
            }
        }
        return .success(order)
    }

    struct CycleFound: Error {
        let ids: [FieldDefinitionID]
        init(_ ids: [FieldDefinitionID]) { self.ids = ids }
    }
}
