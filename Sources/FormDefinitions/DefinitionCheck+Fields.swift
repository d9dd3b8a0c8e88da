import Foundation
import Forms
import Localization

extension DefinitionCheck {
    /// The most decimal places a decimal field may have.
    public static let maximumPlaces = 10

    /// The problems of each field on its own (and of the columns of line items).
    static func fieldProblems(_ fields: [FieldDefinition], forms: Set<FormDefinitionID>, isColumns: Bool) -> [DefinitionProblem] {
        var problems: [DefinitionProblem] = []
        var labels: Set<String> = []
        for (index, field) in fields.enumerated() {
            func problem(_ message: String) {
                problems.append(DefinitionProblem(field: field.id, message: message))
            }
            let name = field.label.trimmingCharacters(in: .whitespaces)
            if name.isEmpty {
                problem(tr("Field {number} has no name", ["number": String(index + 1)]))
            } else if !labels.insert(ExpressionScope.fold(name)).inserted {
                problem(tr("Two fields are named “{label}”", ["label": name]))
            }
            if field.id.rawValue.isEmpty { problem(tr("Field {number} has no id", ["number": String(index + 1)])) }
            let label = name
            switch field.kind {
            case .choice(let options):
                if options.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                    problem(tr("“{field}” has no options to choose from", ["field": label]))
                } else if options.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                    problem(tr("“{field}” has an empty option", ["field": label]))
                }
                var seen: Set<String> = []
                for option in options where !option.isEmpty && !seen.insert(ExpressionScope.fold(option)).inserted {
                    problem(tr("“{field}” has the option “{option}” twice", ["field": label, "option": option]))
                }
            case .decimal(let places) where !(0...maximumPlaces).contains(places):
                problem(tr("“{field}”: enter from 0 to {maximum} decimal places", ["field": label, "maximum": String(maximumPlaces)]))
            case .money(let currency):
                if currency.count != 3 || !currency.allSatisfy({ $0.isASCII && $0.isUppercase }) {
                    problem(tr("“{field}”: enter a currency code of three capital letters, like EUR", ["field": label]))
                }
            case .link(let form) where !forms.contains(form):
                problem(tr("“{field}” links to a form that does not exist", ["field": label]))
            case .lines(let columns):
                if isColumns {
                    problem(tr("“{field}”: line items cannot have line items of their own", ["field": label]))
                } else if columns.isEmpty {
                    problem(tr("“{field}” has no columns", ["field": label]))
                } else {
                    for column in columns where column.expression != nil {
                        problems.append(DefinitionProblem(field: column.id, message: tr(
                            "“{field}”: a column cannot be computed; compute with sum() over the lines instead",
                            ["field": column.label])))
                    }
                    problems += fieldProblems(columns, forms: forms, isColumns: true)
                }
            default: break
            }
            problems += ruleProblems(field, label: label).map { DefinitionProblem(field: field.id, message: $0) }
            if !field.defaultValue.fits(field.kind) {
                problem(tr("“{field}”: the default value does not fit the field", ["field": label]))
            }
        }
        return problems
    }

    private static func ruleProblems(_ field: FieldDefinition, label: String) -> [String] {
        var messages: [String] = []
        let rules = field.rules
        if let minimum = rules.minimum, let maximum = rules.maximum, minimum > maximum {
            messages.append(tr("“{field}”: the minimum is above the maximum", ["field": label]))
        }
        if field.kind == .wholeNumber {
            for limit in [rules.minimum, rules.maximum].compactMap({ $0 }) where Int64(exactly: limit) == nil {
                messages.append(tr("“{field}”: a whole number's limits must be whole numbers", ["field": label]))
            }
        }
        if (rules.minLength ?? 0) < 0 || (rules.maxLength ?? 0) < 0 {
            messages.append(tr("“{field}”: a length cannot be below 0", ["field": label]))
        }
        if let shortest = rules.minLength, let longest = rules.maxLength, shortest > longest {
            messages.append(tr("“{field}”: the shortest length is above the longest", ["field": label]))
        }
        if let pattern = rules.pattern {
            if (try? NSRegularExpression(pattern: pattern)) == nil {
                messages.append(tr("“{field}”: the pattern is not a valid regular expression", ["field": label]))
            }
            if (rules.patternMessage ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                messages.append(tr("“{field}”: say in plain words what the pattern expects", ["field": label]))
            }
        }
        return messages
    }
}

extension Int64 {
    /// `value` when it is a whole number in range.
    init?(exactly value: Decimal) {
        guard !value.isNaN, value == value.rounded(places: 0),
              value >= Decimal(Int64.min), value <= Decimal(Int64.max) else { return nil }
        self = NSDecimalNumber(decimal: value).int64Value
    }
}

extension FieldValue {
    /// Whether the value can be a value of a field of `kind` (none always can).
    func fits(_ kind: FieldKind) -> Bool {
        switch (self, kind) {
        case (.none, _): true
        case (.text, .text), (.text, .notes): true
        case (.integer, .wholeNumber): true
        case (.decimal, .decimal), (.decimal, .money): true
        case (.date, .date), (.yesNo, .yesNo), (.link, .link): true
        case (.choice(let option), .choice(let options)): options.contains(option)
        case (.lines, .lines): true
        default: false
        }
    }
}
