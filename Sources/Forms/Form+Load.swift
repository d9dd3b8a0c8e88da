extension Form {
    /// Fills every input from `model`, to edit it: key-path bindings show their property in the
    /// user's locale (``StringTwoWayConvertible/formatted(using:)``; `nil` as empty text),
    /// closure bindings run their `load:` closure, a list field gets a row per item, computed
    /// fields show their value of `model`. The form is clean afterwards, with no undo history.
    ///
    /// ``resolve(_:)`` right after gives back a model equal to `model`.
    public func load(_ model: Model) {
        isFilling = true
        for entry in entries {
            entry.load?(model)
        }
        isFilling = false
        for (index, entry) in entries.enumerated() {
            if let text = entry.text { seenTexts[index] = text() }
        }
        live = model
        recompute()
        markClean()
        if parentHistory == nil { ownHistory.clear() }
        revalidateAll()
    }

    /// Whether any input's text differs from what the last ``load(_:)`` or ``markClean()`` left
    /// (or, before either, from its text when it was bound), or a list's rows were added,
    /// removed, moved or edited since. Putting the text back makes the form clean again.
    ///
    /// O(fields of this form): a list knows whether it changed without looking at its rows.
    public var isDirty: Bool {
        for (index, entry) in entries.enumerated() {
            if let text = entry.text, (text() ?? "") != cleanTexts[index] { return true }
            if let list = entry.list, list.isDirty { return true }
        }
        return false
    }

    /// Takes every input's text as it is now as the clean state: after a save, say.
    public func markClean() {
        for (index, entry) in entries.enumerated() {
            if let text = entry.text { cleanTexts[index] = text() ?? "" }
            entry.list?.markClean()
        }
    }
}
