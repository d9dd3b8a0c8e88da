extension Form {
    /// Fills every input from `model`, to edit it: key-path bindings show their property in the
    /// user's locale (``StringTwoWayConvertible/formatted(using:)``; `nil` as empty text),
    /// closure bindings run their `load:` closure. The form is clean afterwards.
    ///
    /// ``resolve(_:)`` right after gives back a model equal to `model`.
    public func load(_ model: Model) {
        for entry in entries {
            entry.load?(model)
        }
        markClean()
    }

    /// Whether any input's text differs from what the last ``load(_:)`` or ``markClean()`` left
    /// (or, before either, from its text when it was bound). Putting the text back makes the
    /// form clean again.
    public var isDirty: Bool {
        for (index, entry) in entries.enumerated() {
            if let text = entry.text, (text() ?? "") != cleanTexts[index] { return true }
        }
        return false
    }

    /// Takes every input's text as it is now as the clean state: after a save, say.
    public func markClean() {
        for (index, entry) in entries.enumerated() {
            if let text = entry.text { cleanTexts[index] = text() ?? "" }
        }
    }
}
