/// Which of a model's fields each column of an imported file fills.
///
/// ```swift
/// let mapping = ImportMapping.guess(headers: ["Vorname", "E-Mail"], fieldNames: [["First name", "Vorname"], ["Email", "E-Mail"]])
/// mapping.field(forColumn: 1)   // 1
/// ```
public struct ImportMapping: Equatable, Sendable {
    /// The most columns an imported file may have: 2,000, as many as a form can have fields.
    ///
    /// A form's records are a table with a column per field, and SQLite (the records file)
    /// keeps at most 2,000 columns in a table (`SQLITE_MAX_COLUMN`; a shared database's
    /// PostgreSQL 1,600), Pinform's own columns among them; Pinform's export of a form has a
    /// column per field and its computed ones (a person's age). So no file made from a form
    /// has more, and a wider one is refused as it is read (`CSVReader.columnLimit`) rather than
    /// given a row and a drop-down per column: 8,001 columns in 8 KB took the window 88 s and
    /// 2 GB before the limit.
    public static let maximumColumns = 2_000

    /// For each column of the file, the index of the field it fills (in the model's `fields`),
    /// or nil when it is left out.
    public var fields: [Int?]
    /// Whether some columns were taken in the export's order because their headers were not known.
    public private(set) var isByPosition = false
    /// The columns that hold a value the export computed (a person's age): recognised, and
    /// read by no field, since the record computes it again.
    public private(set) var computedColumns: Set<Int> = []

    /// A mapping of `fields.count` columns.
    public init(fields: [Int?]) {
        self.fields = fields
    }

    /// The field column `column` fills, or nil.
    public func field(forColumn column: Int) -> Int? {
        column < fields.count ? fields[column] : nil
    }

    /// The column that fills field `field`, or nil.
    public func column(forField field: Int) -> Int? {
        fields.firstIndex(of: field)
    }

    /// Whether any column fills a field.
    public var isEmpty: Bool { fields.allSatisfy { $0 == nil } }

    /// Sets the field column `column` fills; a column that filled that field before is left out.
    public mutating func set(field: Int?, forColumn column: Int) {
        guard column < fields.count else { return }
        if let field, let previous = self.column(forField: field) { fields[previous] = nil }
        if field != nil { computedColumns.remove(column) }
        fields[column] = field
    }

    /// The mapping a header row suggests: a column fills the field one of whose names it is
    /// (compared without case, accents, spaces or punctuation: "first_name" is "First name"),
    /// each field at most once. `fieldNames` gives each field's names: its title in the user's
    /// language and in English, and its stored column. When there are as many columns as
    /// fields, a column whose header is no field's name fills the field in its place, if no
    /// other column does: Pinform exports the fields in order, so an export made in another
    /// language comes back.
    ///
    /// - Parameters:
    ///   - exportLayout: what each column of the model's export holds: a field's index, or
    ///     nil for a computed column (a person's age). A file as wide as the export is then
    ///     taken in the export's order too, its computed columns left out.
    ///   - computedNames: the names of the export's computed columns ("Age", "Alter"): a
    ///     column so named is recognised as computed and fills no field.
    public static func guess(headers: [String], fieldNames: [[String]], exportLayout: [Int?]? = nil,
                             computedNames: [[String]] = []) -> ImportMapping {
        var byKey: [String: Int] = [:]
        for (field, names) in fieldNames.enumerated() {
            for name in names {
                let key = ImportText.headerKey(name)
                if !key.isEmpty, byKey[key] == nil { byKey[key] = field }
            }
        }
        let computedKeys = Set(computedNames.joined().map(ImportText.headerKey).filter { !$0.isEmpty && byKey[$0] == nil })
        var mapping = ImportMapping(fields: Array(repeating: nil, count: headers.count))
        var taken: Set<Int> = []
        for (column, header) in headers.enumerated() {
            let key = ImportText.headerKey(header)
            if computedKeys.contains(key) {
                mapping.computedColumns.insert(column)
                continue
            }
            guard let field = byKey[key], !taken.contains(field) else { continue }
            mapping.fields[column] = field
            taken.insert(field)
        }
        // A file as wide as the export whose other headers are in another language: its columns
        // are in the export's order.
        let layout: [Int?]? = if let exportLayout, headers.count == exportLayout.count {
            exportLayout
        } else if headers.count == fieldNames.count {
            Array(fieldNames.indices)
        } else {
            nil
        }
        guard let layout else { return mapping }
        for column in headers.indices where mapping.fields[column] == nil && !mapping.computedColumns.contains(column) {
            guard let field = layout[column] else {
                // The export's computed column in its place, under a header of another language.
                mapping.computedColumns.insert(column)
                mapping.isByPosition = true
                continue
            }
            guard !taken.contains(field) else { continue }
            mapping.fields[column] = field
            taken.insert(field)
            mapping.isByPosition = true
        }
        return mapping
    }
}
