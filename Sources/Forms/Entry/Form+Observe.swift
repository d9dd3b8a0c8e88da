extension Form {
    /// Calls `handler` after every change of what is typed in the form — any field's text,
    /// a list's rows or what is typed in them — once the form took it in: what keeps a draft
    /// (``draft()``) up to date. Handlers set before are called too.
    public func whenChanged(_ handler: @escaping (FieldID) -> Void) {
        let before = changeHandler
        changeHandler = { field in
            before?(field)
            handler(field)
        }
    }
}
