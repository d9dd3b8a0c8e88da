/// The SQL names a defined form's records are stored under, from the stable identities (which
/// may hold `-` or any other character): "form_" and the form's id for the table, "f_" and the
/// field's id for a column, each character that is not an ASCII letter or digit made `_`, a
/// column's cut at 64 characters.
///
/// The store compares names without case, so two ids that differ only in punctuation or case
/// (`f-a`, `f_a`, `F-A`) or after the 62nd character name one column: ``DefinitionCheck``
/// refuses such a definition by ``columnKey(of:)``. A shared database's server cuts names at 63
/// characters, and would not find a longer one again: ``DefinitionCheck`` refuses a form or a
/// field whose name is longer than both stores take (`isStorable(_:)`).
public enum StoredNames {
    /// The longest SQL name the record file's store takes: a column's name is cut there.
    public static let maximumLength = 64
    /// The longest column name both stores keep whole: a PostgreSQL server cuts a longer one
    /// at 63 bytes (`NAMEDATALEN` − 1), with only a notice.
    public static let longestColumn = 63
    /// The longest table name both stores take: 63 less the longest suffix a shared database's
    /// store gives the table's triggers ("_versioned"), which must be kept whole too.
    public static let longestTable = 53

    /// The form's table: "form_" and its id.
    public static func table(of form: FormDefinitionID) -> String {
        "form_" + sanitized(form.rawValue)
    }

    /// Whether the form's table name can be stored: at most ``longestTable`` characters.
    public static func isStorable(_ form: FormDefinitionID) -> Bool {
        table(of: form).utf8.count <= longestTable
    }

    /// Whether the field's column name, uncut, can be stored: at most ``longestColumn``
    /// characters.
    public static func isStorable(_ field: FieldDefinitionID) -> Bool {
        2 + sanitized(field.rawValue).utf8.count <= longestColumn
    }

    /// A field's stored column: "f_" and its id.
    public static func column(of field: FieldDefinitionID) -> String {
        String(("f_" + sanitized(field.rawValue)).prefix(maximumLength))
    }

    /// The column as the store tells columns apart: two fields with one key share a column.
    public static func columnKey(of field: FieldDefinitionID) -> String {
        column(of: field).lowercased()
    }

    /// The table as the store tells tables apart: two forms with one key share a table.
    public static func tableKey(of form: FormDefinitionID) -> String {
        table(of: form).lowercased()
    }

    private static func sanitized(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }
}
