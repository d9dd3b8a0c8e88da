extension Form {
    // MARK: Changes the person makes

    /// The person changed `field`'s input (typed, chose, flipped a switch): call it after each
    /// change, as `FormView` does. The form records an undo step, updates the model as typed so
    /// far, its computed fields and which fields are in error, and tells its list when it is a
    /// row of one — all at O(1) cost per change, whatever the size of the form's lists.
    ///
    /// Consecutive changes of one typed field are one undo step until ``endEditing()``, or a
    /// change of another field; each change of a choice or a switch is a step of its own. A
    /// change made while the form fills itself (load, undo) is no step. A computed field is
    /// never editable: its text is put back.
    public func edited(_ field: FieldID) {
        guard !isFilling, !history.isReplaying else { return }
        let index = field.index
        let entry = entries[index]
        if entry.compute != nil {
            if let model = live ?? prototype { showComputed(index, of: model) }
            return
        }
        guard let text = entry.text, let setText = entry.setText else { return }
        let now = text()
        let before = seenTexts[index]
        guard (now ?? "") != (before ?? "") else { return }
        seenTexts[index] = now
        history.recordText(key: ObjectIdentifier(entry.object), before: before, after: now,
                           merges: entry.mergesEdits) { [weak self] text in
            guard let self else { return }
            self.isFilling = true
            setText(text)
            self.isFilling = false
            self.seenTexts[index] = text
            self.changed(field)
        }
        changed(field)
    }

    /// Sets `field`'s text as if the person typed it: ``edited(_:)`` after writing the text.
    /// For tests and tools without a display.
    public func type(_ text: String?, into field: FieldID) {
        entries[field.index].setText?(text)
        edited(field)
    }

    /// Ends the edit being typed: the next change is a new undo step. A view calls it when a
    /// field loses focus.
    public func endEditing() {
        history.closeGroup()
    }

    // MARK: Undo and redo

    /// Whether there is a change to undo (in this form or any row of its lists).
    public var canUndo: Bool { history.canUndo }

    /// Whether there is an undone change to redo.
    public var canRedo: Bool { history.canRedo }

    /// Undoes the last change: a field edit (consecutive typing in one field at once), or a
    /// row added, removed or moved. Returns false when there was none.
    @discardableResult
    public func undo() -> Bool {
        history.undo()
    }

    /// Redoes the last undone change. Returns false when there was none.
    @discardableResult
    public func redo() -> Bool {
        history.redo()
    }

    /// The history this form records in: its own, or that of the form it is a row of.
    var history: FormHistory {
        parentHistory?() ?? ownHistory
    }

    // MARK: Live state

    /// The placed inputs whose text does not resolve now (conversion and rules of the field
    /// alone; a list field while any of its rows has such a field). Kept up to date by
    /// ``edited(_:)``, ``load(_:)`` and ``restore(_:)`` at O(1) per change.
    public var fieldsInError: Set<FieldID> {
        if let invalidNow { return invalidNow }
        revalidateAll()
        return invalidNow ?? []
    }

    /// The model as typed so far: `load`'s model (or `prototype`) with each field's last text
    /// that resolved written in. Computed fields are shown from it; nil without either.
    public var modelAsTyped: Model? {
        live ?? prototype
    }

    /// Everything that follows a change of `field`, once its text is what it is now: the field
    /// resolves once into the model as typed (which also tells whether it is in error), then
    /// computed fields are shown again and the list this form is a row of is told.
    func changed(_ field: FieldID) {
        let inError = resolveLive(field)
        if invalidNow != nil, isPlaced(field) {
            if inError { invalidNow?.insert(field) } else { invalidNow?.remove(field) }
        }
        recompute()
        changeHandler?(field)
    }

    /// Resolves `field` into the model as typed; returns whether it is in error.
    private func resolveLive(_ field: FieldID) -> Bool {
        let entry = entries[field.index]
        if let list = entry.list { return list.hasErrors }
        guard entry.compute == nil, let binding = entry.binding else { return false }
        if live == nil { live = prototype }
        guard live != nil else { return !validate(field: field).isEmpty }
        var ignored: [any Error] = []
        return !binding.resolve(&live!, &ignored)
    }

    private func hasError(_ field: FieldID) -> Bool {
        let entry = entries[field.index]
        if let list = entry.list { return list.hasErrors }
        if entry.compute != nil { return false }
        return !validate(field: field).isEmpty
    }

    /// Finds which placed fields are in error now: O(fields) (a list counts its rows' state).
    func revalidateAll() {
        var invalid = Set<FieldID>()
        for field in layout.placedFields where isInput(field) && hasError(field) {
            invalid.insert(field)
        }
        invalidNow = invalid
    }

    /// Shows every computed field's value of the model as typed.
    func recompute() {
        guard !computedFields.isEmpty, let model = live ?? prototype else { return }
        for index in computedFields {
            showComputed(index, of: model)
        }
    }

    /// Shows the computed field at `index` from `model`, as the form filling itself: an input
    /// that reports its own text changes (an editable entry) calls ``edited(_:)`` back, which
    /// must not put the text back again (without this, an endless recursion).
    func showComputed(_ index: Int, of model: Model) {
        let wasFilling = isFilling
        isFilling = true
        entries[index].compute?(model)
        isFilling = wasFilling
    }
}
