/// A table of the app's own beside the records (`_pinform_draft`, `_pinform_form`), made on its
/// first write: whether it exists is asked of the database once, then remembered.
final class AppTable {
    /// The table's name, starting with `_` so that no model's table can have it.
    let name: String
    private let columns: String
    private var known = false

    /// The table `name` with `columns` as in `CREATE TABLE name (columns)`.
    init(_ name: String, columns: String) {
        self.name = name
        self.columns = columns
    }

    /// Whether the table is in `database` yet.
    func exists(in database: Database) throws(StoreError) -> Bool {
        if known { return true }
        known = try !database.rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(name)]).isEmpty
        return known
    }

    /// Makes the table in `database` unless it is there; called inside the write's transaction.
    func make(in database: Database) throws(StoreError) {
        guard try !exists(in: database) else { return }
        try database.execute("CREATE TABLE IF NOT EXISTS \(name) (\(columns))")
        known = true
    }
}
