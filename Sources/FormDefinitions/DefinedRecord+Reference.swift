import Forms

extension DefinedRecord {
    /// A link field as a typed reference, for a reference chooser: the record id kept as
    /// `.link("42")`; nil when there is none or it is no positive id.
    public subscript(reference field: FieldDefinitionID) -> RecordRef<DefinedRecord>? {
        get {
            guard case .link(let text)? = values[field], let id = Int64(text), id > 0 else { return nil }
            return RecordRef(id: id)
        }
        set { values[field] = newValue.map { .link(String($0.id)) } }
    }
}

extension Form where Model == DefinedRecord {
    /// Binds a link field to a chooser of records (`RecordRef<DefinedRecord>`: the linked form's
    /// records, found by the chooser's lookup).
    public func bind<I: FormInput>(_ input: I, reference field: FieldDefinition) -> FieldID
    where I.Output == RecordRef<DefinedRecord> {
        bind(input, to: \DefinedRecord[reference: field.id], rules: field.rules.required ? [.required] : [])
    }
}
