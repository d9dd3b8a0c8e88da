import CSQLite
import Foundation

// The store's table: created, brought in line with the declared columns, its layout recorded.
extension RecordStore {
    /// A column's SQL definition; text sorts without regard to ASCII case, as people expect.
    func definition(of column: Column<Model>) -> String {
        SQLIdentifier.quoted(column.name) + " " + column.type.rawValue
            + (column.type == .text ? " COLLATE NOCASE" : "")
    }

    func indexName(_ column: String) -> String {
        SQLIdentifier.quoted(table + "_by_" + column)
    }

    /// Creates the table, or brings its declared columns in line with `columns` — unless it
    /// was written by a newer version, which is only read.
    func prepareTable() throws(StoreError) {
        let layout = try storedLayout()
        // `PRAGMA table_info`, not the `pragma_table_info()` function, which SQLite 3.15 lacks.
        let existing = try database.rows("PRAGMA table_info(\(quotedTable))").map { Array($0.dropFirst()) }
        if existing.isEmpty {
            guard !database.isReadOnly else {
                isMissing = true
                return
            }
            try createTable(named: quotedTable)
            try createIndexes()
            try recordLayout()
            return
        }
        var stored: [String: String] = [:]
        for row in existing {
            guard case .text(let name) = row[0], case .text(let type) = row[1],
                  !name.hasPrefix("_"), name != "id" else { continue }
            stored[name] = type.uppercased()
        }
        let declared = Dictionary(uniqueKeysWithValues: columns.map { ($0.name, $0.type.rawValue) })
        let storedVersion = layout?.version ?? 0
        let unknown = stored.filter { declared[$0.key] != $0.value }
        let missing = columns.filter { stored[$0.name] == nil }
        refoldsOnLoad = layout?.searchFold != SearchText.foldVersion
        if storedVersion > version || (!unknown.isEmpty && storedVersion >= version) {
            // A newer version's table: changing it could drop what this version does not know.
            guard database.isReadOnly else {
                throw StoreError.newerSchema(path: database.path, found: max(storedVersion, version + 1), supported: version)
            }
            isFromNewerVersion = true
            return
        }
        if database.isReadOnly {
            // Read as it is; a column this version added cannot be computed here: the records
            // still read (from their JSON), sorted by identity where that column would sort.
            unwrittenColumns = Set(missing.map(\.name))
            return
        }
        if !unknown.isEmpty {
            // Only derived values are dropped: every column is computed again from the JSON.
            try rebuildTable(dropping: Array(stored.keys))
        } else {
            for column in missing {
                try database.execute("ALTER TABLE \(quotedTable) ADD COLUMN \(definition(of: column))")
            }
        }
        if !unknown.isEmpty || !missing.isEmpty {
            database.forgetStatements()
        }
        if !unknown.isEmpty || !missing.isEmpty || refoldsOnLoad {
            try backfill()
            refoldsOnLoad = false
        }
        try createIndexes()
        if layout?.version != version || layout?.searchFold != SearchText.foldVersion {
            try recordLayout()
        }
    }

    /// The layout version and search folding recorded for this table, if any.
    func storedLayout() throws(StoreError) -> (version: Int, searchFold: Int)? {
        let table = RecordStoreLayout.table
        guard try !database.rows("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(table)]).isEmpty,
              let row = try database.rows("SELECT version, search_fold FROM \(table) WHERE name = ?", [.text(self.table)]).first,
              case .integer(let version) = row[0], case .integer(let fold) = row[1]
        else { return nil }
        return (Int(version), Int(fold))
    }

    func recordLayout() throws(StoreError) {
        try database.execute("CREATE TABLE IF NOT EXISTS \(RecordStoreLayout.table) "
            + "(name TEXT PRIMARY KEY, version INTEGER NOT NULL, search_fold INTEGER NOT NULL)")
        try database.execute("INSERT OR REPLACE INTO \(RecordStoreLayout.table) (name, version, search_fold) VALUES (?, ?, ?)",
                             [.text(table), .integer(Int64(version)), .integer(Int64(SearchText.foldVersion))])
    }

    func createTable(named name: String) throws(StoreError) {
        let definitions = [
            "id INTEGER PRIMARY KEY AUTOINCREMENT",
            "_created REAL NOT NULL",
            "_updated REAL NOT NULL",
            "_json TEXT NOT NULL",
            "_search TEXT NOT NULL DEFAULT ''",
        ] + columns.map { definition(of: $0) }
        try database.execute("CREATE TABLE \(name) (\(definitions.joined(separator: ", ")))")
    }

    /// Builds the table again with today's columns, keeping every record (id, dates, JSON):
    /// SQLite 3.15 (SQLCipher 3.4) has no `ALTER TABLE … DROP COLUMN`.
    func rebuildTable(dropping storedColumns: [String]) throws(StoreError) {
        for name in storedColumns {
            try database.execute("DROP INDEX IF EXISTS \(indexName(name))")
        }
        let old = SQLIdentifier.quoted(table + "_before_rebuild")
        try database.execute("ALTER TABLE \(quotedTable) RENAME TO \(old)")
        try createTable(named: quotedTable)
        let kept = "id, _created, _updated, _json, _search"
        try database.execute("INSERT INTO \(quotedTable) (\(kept)) SELECT \(kept) FROM \(old)")
        try database.execute("DROP TABLE \(old)")
    }

    /// Creates the missing indexes only: SQLite 3.15 refuses even `CREATE INDEX IF NOT EXISTS`
    /// on a read-only connection.
    func createIndexes() throws(StoreError) {
        let present = Set(try database.rows(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", [.text(table)]
        ).compactMap { row -> String? in
            if case .text(let name) = row[0] { return SQLIdentifier.quoted(name) }
            return nil
        })
        for column in columns where !present.contains(indexName(column.name)) {
            try database.execute(
                "CREATE INDEX IF NOT EXISTS \(indexName(column.name)) ON \(quotedTable)(\(SQLIdentifier.quoted(column.name)))"
            )
        }
    }

    /// Computes every row's declared columns and search text from its JSON.
    func backfill() throws(StoreError) {
        var rows: [(RecordID, Model)] = []
        try database.withStatement("SELECT id, _json FROM \(quotedTable)") { statement throws(StoreError) in
            while try statement.step() {
                let id = RecordID(statement.int64(at: 0))
                let model = try statement.withBytes(at: 1) { bytes throws(StoreError) in try decodeModel(bytes, id: id) }
                rows.append((id, model))
            }
        }
        let names = (["_search"] + columns.map { SQLIdentifier.quoted($0.name) })
        let sql = "UPDATE \(quotedTable) SET " + names.map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?"
        for (id, model) in rows {
            let values = columns.map { $0.value(model) }
            try database.execute(sql, [.text(SearchText.document(values))] + values + [.integer(id.rawValue)])
        }
    }
}
