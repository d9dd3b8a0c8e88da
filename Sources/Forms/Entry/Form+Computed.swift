extension Form {
    /// Binds a read-only field whose value is a function of the model: a total, an age, a due
    /// date. Its input shows `value` of the model as typed so far (``modelAsTyped``), in the
    /// user's locale (`formatted(using:)` of the input's `numberParsing`), after every change
    /// and every load — never the value stored in a loaded model, so it is never stale. It is
    /// never editable (``edited(_:)`` puts its text back) and takes no part in ``isDirty`` or
    /// drafts. ``resolve(_:)`` writes `value` of the resolved model into `keyPath`, when given,
    /// once every other field resolved: stored for sorting and searching.
    ///
    /// ```swift
    /// let total = form.bind(computed: TextInput<Decimal>(), to: \.total) { invoice in
    ///     invoice.lines.reduce(0) { $0 + $1.amount }
    /// }
    /// ```
    ///
    /// `value` runs after every change: keep it O(1) for forms with long lists, with a
    /// ``RunningTotal`` of the list (``FormList/total(of:)``).
    /// - Precondition: `input` is not bound in this form yet.
    @discardableResult
    public func bind<I: FormInput>(
        computed input: I,
        to keyPath: WritableKeyPath<Model, I.Output>? = nil,
        value: @escaping (Model) -> I.Output
    ) -> FieldID {
        let field = append(input, load: nil, InputBinding(resolve: { _, _ in true }, check: { _, _ in [] }))
        entries[field.index].text = nil
        entries[field.index].compute = { model in input.text = value(model).formatted(using: input.numberParsing) }
        computedFields.append(field.index)
        if let keyPath {
            computedWriters.append { model in model[keyPath: keyPath] = value(model) }
        }
        if let model = live ?? prototype { showComputed(field.index, of: model) }
        return field
    }

    /// Whether `field` is computed (``bind(computed:to:value:)``): shown, never edited.
    public func isComputed(_ field: FieldID) -> Bool {
        entries[field.index].compute != nil
    }
}
