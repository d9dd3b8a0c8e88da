import Forms

extension FormDefinition {
    /// The record in one readable line, for lists and choosers: the first three fields with a
    /// value (line items left out), as people read them, joined by ", ".
    public func summary(of record: DefinedRecord, using parsing: NumberParsing = .current) -> String {
        var parts: [String] = []
        for field in fields where parts.count < 3 {
            if case .lines = field.kind { continue }
            let text = record[value: field.id].formatted(using: parsing)
            if !text.isEmpty { parts.append(text) }
        }
        return parts.joined(separator: ", ")
    }

    /// The value of `field` read from `text` as CSV or an older record writes it (canonical:
    /// "12.5", "2026-11-30", "true"; numbers and dates in the user's locale too); nil when it
    /// does not read. Empty text is `.none`.
    public func value(of field: FieldDefinition, fromText text: String) -> FieldValue? {
        if text.isEmpty { return FieldValue.none }
        return ValueConversion.convert(.text(text), to: field.kind)
    }
}
