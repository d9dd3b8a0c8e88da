extension Form {
    /// Shows `field` only while `condition` holds: the condition reads the model resolved from
    /// the other fields. A hidden field takes no part in ``resolve(_:)`` (the model keeps its
    /// value) and a form view hides it with its label.
    ///
    /// ```swift
    /// form.show(companyField, when: { $0.kind == .company })
    /// ```
    public func show(_ field: FieldID, when condition: @escaping (Model) -> Bool) {
        precondition(entries.indices.contains(field.index), "\(field) was not bound in this form")
        conditions[field.index] = condition
    }

    /// Whether `field` is shown only on a condition.
    public func isConditional(_ field: FieldID) -> Bool {
        conditions[field.index] != nil
    }

    /// The fields hidden now: the fields whose condition does not hold on `model` with what the
    /// other fields hold resolved into it (fields that do not resolve keep `model`'s values).
    public func hiddenFields(in model: Model) -> Set<FieldID> {
        hiddenFields(in: model, resolved: false)
    }

    @usableFromInline
    func hiddenFields(in model: Model, resolved: Bool) -> Set<FieldID> {
        guard !conditions.isEmpty else { return [] }
        var model = model
        if !resolved {
            var errors: [any Error] = []
            for field in layout.placedFields where conditions[field.index] == nil {
                _ = entries[field.index].binding?.resolve(&model, &errors)
            }
        }
        var hidden = Set<FieldID>()
        for (index, condition) in conditions where !condition(model) {
            hidden.insert(FieldID(index: index))
        }
        return hidden
    }
}
