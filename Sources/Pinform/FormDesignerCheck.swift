import Foundation
import FormDefinitions
import Localization
import PinformModels

/// What the designer refuses to save, in plain words, with the field it is about.
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
        var problems: [Problem] = []
        if definition.name.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append(Problem(field: nil, message: tr("Give the form a name")))
        }
        if definition.fields.isEmpty {
            problems.append(Problem(field: nil, message: tr("Add at least one field")))
        }
        var labels: Set<String> = []
        for field in definition.fields {
            let folded = field.label.lowercased()
            if field.label.isEmpty {
                problems.append(Problem(field: field.id, message: tr("Give this field a name")))
            } else if !labels.insert(folded).inserted {
                problems.append(Problem(field: field.id, message: tr("Another field has the name “{name}”", ["name": field.label])))
            }
            if let minimum = field.rules.minimum, let maximum = field.rules.maximum, minimum > maximum {
                problems.append(Problem(field: field.id, message: tr("The minimum is above the maximum")))
            }
            if let shortest = field.rules.minLength, let longest = field.rules.maxLength, shortest > longest {
                problems.append(Problem(field: field.id, message: tr("The shortest length is above the longest")))
            }
            if let pattern = field.rules.pattern, (try? NSRegularExpression(pattern: pattern)) == nil {
                problems.append(Problem(field: field.id, message: tr("The pattern is not a valid pattern")))
            }
            switch field.kind {
            case .choice(let options) where options.isEmpty:
                problems.append(Problem(field: field.id, message: tr("Type the options to choose from")))
            case .money(let currency) where currency.count != 3:
                problems.append(Problem(field: field.id, message: tr("Enter the currency as a three-letter code, such as EUR")))
            case .lines(let columns) where columns.isEmpty:
                problems.append(Problem(field: field.id, message: tr("Type the columns of the line items")))
            case .link(let form) where form == definition.id || DefinedForms.shared.definition(form) == nil:
                problems.append(Problem(field: field.id, message: tr("Choose another form whose records to link to")))
            case .computed(let expression):
                if let message = DesignerExpressions.problem(in: expression, of: field, in: definition) {
                    problems.append(Problem(field: field.id, message: message, inExpression: true))
                }
            default: break
            }
        }
        return problems
    }
}
