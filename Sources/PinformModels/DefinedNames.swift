import FormDefinitions

/// The SQL names of a defined form's table and columns, from the stable identities (which may
/// hold `-`): letters, digits and `_` only.
enum DefinedNames {
    /// The form's table: "form_" and its identity.
    static func table(of form: FormDefinitionID) -> String {
        "form_" + sanitized(form.rawValue)
    }

    /// A field's stored column: "f_" and its identity.
    static func column(of field: FieldDefinitionID) -> String {
        String(("f_" + sanitized(field.rawValue)).prefix(64))
    }

    private static func sanitized(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }
}
