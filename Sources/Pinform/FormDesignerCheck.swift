import FormDefinitions
import PinformModels

/// What the designer refuses to save: the definitions' `DefinitionCheck` (a computed field
/// that refers to itself, a min above its max, a link to a form that does not exist, …), in
/// plain words, with the field it is about.
enum FormDesignerCheck {
    /// One problem: its message, the field (nil: the form's name), and whether it is in the
    /// field's expression.
    struct Problem {
        var field: FieldDefinitionID?
        var message: String
        var inExpression = false
    }

    /// The problems of `definition`, first the form's, then each field's in order.
    @MainActor
    static func problems(of definition: FormDefinition) -> [Problem] {
        // A link may point to a Swift model (Person, …) as well as to a form made in the app.
        DefinitionCheck.problems(in: definition, existingForms: DefinedLinkTargets.ids).map { problem in
            let computed = problem.field.flatMap(definition.field)?.expression != nil
            return Problem(field: problem.field, message: problem.message, inExpression: computed)
        }
    }
}
