import Storage

extension RecordField {
    /// A field whose stored column and text are computed by closures: the fields of a form
    /// defined in the app, which no key path of a Swift type names.
    public static func computed(_ title: String, column: Column<Model>, text: @escaping @Sendable (Model) -> String) -> Self {
        Self(title: title, column: column, text: text)
    }
}
