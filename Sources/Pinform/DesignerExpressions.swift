import Foundation
import FormDefinitions
import Localization

/// The designer's check of a computed field's expression, by the expression language itself.
enum DesignerExpressions {
    /// Why `expression` cannot be computed, or nil.
    static func problem(in expression: String, of field: FieldDefinition, in definition: FormDefinition) -> String? {
        if expression.trimmingCharacters(in: .whitespaces).isEmpty { return tr("Type the expression to compute") }
        let others = definition.fields.filter { $0.id != field.id }
        if (try? Expression.referencedNames(in: expression))?.contains(where: {
            ExpressionScope.fold($0) == ExpressionScope.fold(field.label)
        }) == true {
            return tr("The expression refers to its own field")
        }
        do {
            _ = try Expression(expression, scope: ExpressionScope(fields: others))
            return nil
        } catch {
            return error.message
        }
    }
}
