extension Form {
    /// Marks `field` "repeat last value": a new record (``startNewRecord()``) starts with the
    /// text the field had when a record was last saved (``markSaved()``) — a date or a city
    /// typed on every paper form of a stack.
    public func repeatLastValue(of field: FieldID) {
        precondition(entries[field.index].text != nil, "\(field) is not an input that is typed")
        repeating[field.index] = repeating[field.index] ?? .some(nil)
    }

    /// Whether `field` repeats its last saved value.
    public func repeatsLastValue(_ field: FieldID) -> Bool {
        repeating[field.index] != nil
    }

    /// The record was saved as the inputs show it: the form is clean, and each field that
    /// repeats its last value keeps its text for the next new record.
    public func markSaved() {
        for index in repeating.keys {
            repeating[index] = .some(entries[index].text?())
        }
        markClean()
    }

    /// Empties the form for the next record: every input back to the text it had when it was
    /// bound (a text field empty, a choice on its first case, a switch off) except the fields
    /// that repeat their last saved value, no rows in lists, no undo history; the form is clean
    /// and live validation starts from `prototype`.
    public func startNewRecord() {
        isFilling = true
        for (index, entry) in entries.enumerated() where entry.text != nil {
            let text = repeating[index].flatMap { $0 } ?? boundTexts[index] ?? ""
            entry.setText?(text)
            seenTexts[index] = text
        }
        for entry in entries {
            entry.list?.removeAllRows()
        }
        isFilling = false
        live = prototype
        if live != nil {
            // The repeated values are the model as typed so far.
            for index in repeating.keys {
                var ignored: [any Error] = []
                _ = entries[index].binding?.resolve(&live!, &ignored)
            }
        }
        recompute()
        markClean()
        if parentHistory == nil { ownHistory.clear() }
        revalidateAll()
    }
}
