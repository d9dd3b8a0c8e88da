// The `ORDER BY` clause both record stores build, each with its own SQL for a column.
extension RecordSortKey {
    /// The clause that sorts by this key, ties broken by identity in the same direction.
    ///
    /// - Parameters:
    ///   - columns: the declared columns a `.column` key must name.
    ///   - nulls: what follows the column's direction (`" NULLS FIRST"`, or nothing).
    ///   - expression: a declared column's SQL to sort by, or nil to sort by identity alone.
    /// - Throws: `.unknownColumn` when the key names an undeclared column.
    package func orderClause<Model>(
        ascending: Bool, columns: [Column<Model>], nulls: String = "", expression: (Column<Model>) -> String?
    ) throws(StoreError) -> String {
        let direction = ascending ? "ASC" : "DESC"
        let column: String
        switch self {
        case .id:
            return " ORDER BY id \(direction)"
        case .created:
            column = "_created"
        case .updated:
            column = "_updated"
        case .column(let name):
            guard let declared = columns.first(where: { $0.name == name }) else { throw StoreError.unknownColumn(name) }
            guard let sql = expression(declared) else { return " ORDER BY id \(direction)" }
            column = sql
        }
        return " ORDER BY \(column) \(direction)\(nulls), id \(direction)"
    }
}
