extension Form {
    /// Binds an `[Item]` property to a list of rows, each a `Form<Item>` made by `rows`: line
    /// items of an invoice, the phone numbers of a person.
    ///
    /// `rows` is the row template: it binds and places the fields of one row, with their own
    /// rules, and gives the form a `prototype` (what a new row starts as). It is called once per
    /// row added or loaded — never for the other rows when one is added, removed or moved.
    /// ``load(_:)`` gives the list a row per item; ``resolve(_:)`` resolves every row, in order,
    /// onto its item and writes the array only when all resolve, with each row's errors on the
    /// list's field keyed by row (``FormErrors/rows(of:)``); ``isDirty`` counts rows added,
    /// removed, moved and edited.
    ///
    /// ```swift
    /// let lines = form.bind(list: \.lines) {
    ///     let line = Form<Line>(prototype: Line())
    ///     let quantity = line.bind(TextInput<Decimal>(), to: \.quantity, rules: [.atLeast(1)])
    ///     line.addRow([FormElement(quantity)])
    ///     return line
    /// }
    /// form.addRow([FormElement(lines.field)])
    /// ```
    public func bind<Item>(list keyPath: WritableKeyPath<Model, [Item]>,
                           rows template: @escaping () -> Form<Item>) -> FormList<Item> {
        let field = FieldID(index: entries.count)
        let list = FormList<Item>(
            field: field, template: template,
            history: { [weak self] in self?.history ?? FormHistory() },
            changed: { [weak self] in self?.changed(field) },
            editLive: { [weak self] edit in
                guard let self else { return }
                if self.live == nil { self.live = self.prototype }
                guard self.live != nil else { return }
                edit(&self.live![keyPath: keyPath])
            })
        _ = append(list, load: { [unowned list] model in list.load(model[keyPath: keyPath]) }, InputBinding(
            resolve: { [unowned list] model, errors in list.resolve(into: &model[keyPath: keyPath], errors: &errors) },
            check: { [unowned list] _, _ in list.currentErrors() }
        ))
        entries[field.index].list = list
        return list
    }

    /// Whether `field` is a list field (``bind(list:rows:)``).
    public func isList(_ field: FieldID) -> Bool {
        entries[field.index].list != nil
    }

    // MARK: Drafts

    /// What is typed now, to keep as a draft: every input's raw text (wrong text included), and
    /// every list's rows with their identities and what is typed in them. O(fields and rows).
    public func draft() -> FormDraft {
        FormDraft(fields: entries.map { entry in
            if let list = entry.list { return .rows(list.draft()) }
            if let text = entry.text { return .text(text()) }
            return .none
        })
    }

    /// Puts `draft` back exactly: each input's text and each list's rows, with their
    /// identities. Load the model the draft was typed on first (for an edit), so that the form
    /// compares with it: the restored form is dirty where the draft differs. No undo history.
    /// - Throws: ``FormDraft/Mismatch``, changing nothing, when the draft does not fit this
    ///   form (its fields changed since).
    public func restore(_ draft: FormDraft) throws(FormDraft.Mismatch) {
        try check(draft)
        apply(draft)
    }

    /// Restores a draft that fits (checked by `check(_:)`).
    func apply(_ draft: FormDraft) {
        isFilling = true
        for (index, field) in draft.fields.enumerated() {
            switch field {
            case .none: break
            case .text(let text):
                entries[index].setText?(text)
                seenTexts[index] = text
            case .rows(let rows):
                entries[index].list?.restore(rows)
            }
        }
        isFilling = false
        if live == nil { live = prototype }
        if live != nil {
            for field in layout.placedFields {
                let entry = entries[field.index]
                guard entry.list == nil, entry.compute == nil, let binding = entry.binding else { continue }
                var ignored: [any Error] = []
                _ = binding.resolve(&live!, &ignored)
            }
        }
        recompute()
        if parentHistory == nil { ownHistory.clear() }
        revalidateAll()
    }

    /// Throws when `draft` does not fit this form: another number or kind of fields.
    func check(_ draft: FormDraft) throws(FormDraft.Mismatch) {
        guard draft.fields.count == entries.count else { throw FormDraft.Mismatch() }
        for (entry, field) in zip(entries, draft.fields) {
            switch field {
            case .none:
                guard entry.text == nil, entry.list == nil else { throw FormDraft.Mismatch() }
            case .text:
                guard entry.text != nil else { throw FormDraft.Mismatch() }
            case .rows(let rows):
                guard let list = entry.list else { throw FormDraft.Mismatch() }
                try list.check(rows)
            }
        }
    }
}
