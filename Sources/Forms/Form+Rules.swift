extension Form {
    /// Adds a rule across fields: once every field resolved, `check` reads the model, and when
    /// it returns false ``resolve(_:)`` fails with `message` on each of `fields`.
    ///
    /// ```swift
    /// form.addRule(on: [dueField], message: "The due date cannot be before the issue date") {
    ///     $0.dueDate >= $0.issueDate
    /// }
    /// ```
    /// - Parameters:
    ///   - fields: where the message shows (a hidden field shows nothing).
    ///   - message: what to tell people, a sentence.
    public func addRule(on fields: [FieldID], message: String, _ check: @escaping (Model) -> Bool) {
        for field in fields {
            precondition(entries.indices.contains(field.index), "\(field) was not bound in this form")
        }
        crossRules.append(CrossFieldRule(fields: fields, message: message, check: check))
    }

    /// The messages of the rules across fields that `model` breaks, on their fields.
    public func ruleErrors(in model: Model) -> [FormFieldError] {
        crossRules.filter { !$0.check(model) }.flatMap { rule in
            rule.fields.map { FormFieldError(field: $0, reason: .custom, message: rule.message) }
        }
    }
}

extension Form {
    /// Whether the form has rules across fields (``addRule(on:message:_:)``) or fields shown on
    /// a condition (``show(_:when:)``): then whether it resolves needs the whole model, not
    /// only ``fieldsInError``.
    public var needsWholeModelToResolve: Bool {
        !crossRules.isEmpty || !conditions.isEmpty
    }
}
