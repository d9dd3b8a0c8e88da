import FormDefinitions

/// The SQL names of a defined form's table and columns: `StoredNames`', which
/// `DefinitionCheck` checks a definition against.
enum DefinedNames {
    /// The form's table: "form_" and its identity.
    static func table(of form: FormDefinitionID) -> String {
        StoredNames.table(of: form)
    }

    /// A field's stored column: "f_" and its identity.
    static func column(of field: FieldDefinitionID) -> String {
        StoredNames.column(of: field)
    }
}
