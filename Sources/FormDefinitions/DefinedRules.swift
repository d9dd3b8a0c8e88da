import Foundation
import Forms
import Localization

/// A field's ``FieldRules`` as the typed API's `Rule`s: the same checks and the same messages
/// a Swift model's form gets.
public enum DefinedRules {
    /// The rules of a text or notes field: required, lengths, pattern, and for an e-mail
    /// address `.email`.
    public static func text(_ field: FieldDefinition) -> [Rule<String>] {
        var rules: [Rule<String>] = []
        let given = field.rules
        if given.required { rules.append(.required) }
        if let shortest = given.minLength, shortest > 0 { rules.append(.minLength(shortest)) }
        if let longest = given.maxLength { rules.append(.maxLength(max(0, longest))) }
        if let pattern = given.pattern, let expression = try? NSRegularExpression(pattern: pattern) {
            rules.append(.pattern(expression, message: given.patternMessage ?? tr("Enter a valid value")))
        }
        if case .text(.email) = field.kind { rules.append(.email) }
        return rules
    }

    /// The rules of a whole-number field: required, minimum, maximum.
    public static func wholeNumber(_ field: FieldDefinition) -> [Rule<Int64>] {
        var rules: [Rule<Int64>] = field.rules.required ? [.required] : []
        let minimum = field.rules.minimum.flatMap { Int64(exactly: $0) }
        let maximum = field.rules.maximum.flatMap { Int64(exactly: $0) }
        switch (minimum, maximum) {
        case let (low?, high?) where low <= high: rules.append(.range(low...high))
        case (let low?, _): rules.append(.atLeast(low))
        case (nil, let high?): rules.append(.atMost(high))
        case (nil, nil): break
        }
        return rules
    }

    /// The rules of a decimal or money field: required, minimum, maximum, decimal places.
    public static func decimal(_ field: FieldDefinition) -> [Rule<Decimal>] {
        var rules: [Rule<Decimal>] = field.rules.required ? [.required] : []
        switch (field.rules.minimum, field.rules.maximum) {
        case let (low?, high?) where low <= high: rules.append(.range(low...high))
        case (let low?, _): rules.append(.atLeast(low))
        case (nil, let high?): rules.append(.atMost(high))
        case (nil, nil): break
        }
        if let places = field.kind.places {
            rules.append(Rule(reason: .outOfRange) { value in
                guard value.exponent < -places else { return nil }
                return trn("Enter at most %d decimal place", "Enter at most %d decimal places", places)
            })
        }
        return rules
    }

    /// The rules of a date field: required.
    public static func date(_ field: FieldDefinition) -> [Rule<CalendarDate>] {
        field.rules.required ? [.required] : []
    }

    /// The rules of a yes/no field: required means yes (a consent).
    public static func yesNo(_ field: FieldDefinition) -> [Rule<Bool>] {
        guard field.rules.required else { return [] }
        return [.required, Rule(reason: .required) { $0 ? nil : tr("Required") }]
    }

    /// The rules of a choice field: required, and one of the options.
    public static func choice(_ field: FieldDefinition) -> [Rule<String>] {
        var rules: [Rule<String>] = field.rules.required ? [.required] : []
        if case .choice(let options) = field.kind {
            rules.append(Rule(reason: .custom) { options.contains($0) ? nil : tr("Choose one of the options") })
        }
        return rules
    }

    /// The rules of a link field: required.
    public static func link(_ field: FieldDefinition) -> [Rule<String>] {
        field.rules.required ? [.required] : []
    }
}
