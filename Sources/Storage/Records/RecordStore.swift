import Foundation

/// Stores values of one `Codable` type in one table, with insert, update, delete, and lists
/// sorted by a declared column and filtered by a search.
///
/// Each row keeps the model as JSON, which is what is read back, and beside it the declared
/// columns computed from the model, indexed for sorting, and a folded copy of the text columns
/// for searching. Row identities (`RecordID`) are never reused, so a list that holds identities
/// never mistakes a new record for a deleted one.
///
/// When the declared columns differ from the table's (a column added, removed or of another
/// type), opening the store migrates the table in one transaction: columns are added or
/// dropped and every row's values are computed again from its JSON. Nothing but derived
/// values is ever dropped. If a column keeps its name and type but computes something else,
/// call `rebuildColumns()`.
///
/// Every write is its own transaction (or part of the caller's `Database.transaction`), so a
/// failed write — a full disk, a read-only file — leaves every saved record as it was.
///
/// ```swift
/// let people = try RecordStore<Person>(database: database, table: "person", columns: [
///     .text("first_name", \.firstName), .text("last_name", \.lastName), .integer("age", \.age),
/// ])
/// let id = try people.insert(Person(firstName: "Ada", lastName: "Lovelace", age: 36))
/// let page = try people.list(sortedBy: "last_name", search: "love", limit: 50)
/// ```
public final class RecordStore<Model: Codable> {
    /// The database the table is in.
    public let database: Database
    /// The table's name.
    public let table: String
    /// The declared columns, in order.
    public let columns: [Column<Model>]

    private let now: () -> Date
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder
    private let quotedTable: String
    private let insertSQL: String
    private let updateSQL: String
    private let selectByIDSQL: String

    /// Opens the store's table, creating it or migrating its columns as needed.
    ///
    /// - Parameters:
    ///   - table: the table's name: a letter, then letters, digits or `_`, not starting with `_`.
    ///   - columns: the columns to keep for sorting and searching; names must differ.
    ///   - now: the clock for the created and updated times; tests pass their own.
    /// - Throws: a `StoreError` from SQLite, or `.decodingFailed` when a stored record cannot
    ///   be read to compute a new column (the table is then left as it was).
    public init(
        database: Database,
        table: String,
        columns: [Column<Model>],
        now: @escaping () -> Date = Date.init
    ) throws(StoreError) {
        precondition(SQLIdentifier.isValid(table) && !table.hasPrefix("_"), "“\(table)” is not a valid table name")
        precondition(Set(columns.map { $0.name.lowercased() }).count == columns.count, "Column names must differ")
        self.database = database
        self.table = table
        self.columns = columns
        self.now = now
        encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN"
        )
        decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN"
        )
        quotedTable = SQLIdentifier.quoted(table)
        let names = columns.map { SQLIdentifier.quoted($0.name) }
        let derived = (["_search"] + names)
        insertSQL = "INSERT INTO \(quotedTable) (_created, _updated, _json, \(derived.joined(separator: ", "))) "
            + "VALUES (?, ?, ?, \(derived.map { _ in "?" }.joined(separator: ", ")))"
        updateSQL = "UPDATE \(quotedTable) SET _updated = ?, _json = ?, "
            + derived.map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?"
        selectByIDSQL = "SELECT id, _created, _updated, _json FROM \(quotedTable) WHERE id = ?"
        try database.storeTransaction { () throws(StoreError) in try prepareTable() }
    }

    // MARK: Writing

    /// Saves a new record.
    ///
    /// - Returns: the new record's identity.
    /// - Throws: `.diskFull`, `.readOnly`, `.busy`, `.encodingFailed`, …; nothing is saved then.
    @discardableResult
    public func insert(_ model: Model) throws(StoreError) -> RecordID {
        try database.storeTransaction { () throws(StoreError) in try insertRow(model, at: now()) }
    }

    /// Saves several new records together: all of them, or none when one fails.
    ///
    /// - Returns: their identities, in order.
    @discardableResult
    public func insert(contentsOf models: some Sequence<Model>) throws(StoreError) -> [RecordID] {
        try database.storeTransaction { () throws(StoreError) in
            let time = now()
            var ids: [RecordID] = []
            ids.reserveCapacity(models.underestimatedCount)
            for model in models {
                ids.append(try insertRow(model, at: time))
            }
            return ids
        }
    }

    /// Replaces a record's model, computing its columns again.
    ///
    /// - Throws: `.notFound` when there is no such record; nothing is changed then.
    public func update(_ model: Model, id: RecordID) throws(StoreError) {
        let json = try encode(model)
        let values = columns.map { $0.value(model) }
        try database.storeTransaction { () throws(StoreError) in
            try database.withStatement(updateSQL) { statement throws(StoreError) in
                try statement.bind(.real(now().timeIntervalSince1970), at: 1)
                try statement.bindText(utf8: json, at: 2)
                try statement.bind(.text(SearchText.document(values)), at: 3)
                for (offset, value) in values.enumerated() {
                    try statement.bind(value, at: Int32(offset + 4))
                }
                try statement.bind(.integer(id.rawValue), at: Int32(values.count + 4))
                while try statement.step() {}
            }
            guard database.changes == 1 else { throw StoreError.notFound(id) }
        }
    }

    /// Deletes a record.
    ///
    /// - Returns: whether there was such a record.
    @discardableResult
    public func delete(id: RecordID) throws(StoreError) -> Bool {
        try database.storeTransaction { () throws(StoreError) in
            try database.execute("DELETE FROM \(quotedTable) WHERE id = ?", [.integer(id.rawValue)])
            return database.changes == 1
        }
    }

    /// Deletes several records together.
    ///
    /// - Returns: how many of them existed.
    @discardableResult
    public func delete(ids: some Sequence<RecordID>) throws(StoreError) -> Int {
        try database.storeTransaction { () throws(StoreError) in
            var deleted = 0
            for id in ids {
                try database.execute("DELETE FROM \(quotedTable) WHERE id = ?", [.integer(id.rawValue)])
                deleted += database.changes
            }
            return deleted
        }
    }

    /// Computes every row's columns and search text again from its JSON, e.g. after a column
    /// kept its name and type but changed what it computes.
    public func rebuildColumns() throws(StoreError) {
        try database.storeTransaction { () throws(StoreError) in try backfill() }
    }

    // MARK: Reading

    /// The record with this identity, or `nil` when there is none.
    public func record(id: RecordID) throws(StoreError) -> Record<Model>? {
        try database.withStatement(selectByIDSQL) { statement throws(StoreError) in
            try statement.bind(.integer(id.rawValue), at: 1)
            guard try statement.step() else { return nil }
            return try decodeRecord(statement)
        }
    }

    /// The records with these identities, in the same order; identities with no record
    /// (deleted meanwhile) are left out.
    ///
    /// A list view of many rows holds `ids(sortedBy:ascending:search:)` and asks for the
    /// records of the rows that scroll into view.
    public func records(ids: some Sequence<RecordID>) throws(StoreError) -> [Record<Model>] {
        var records: [Record<Model>] = []
        records.reserveCapacity(ids.underestimatedCount)
        try database.withStatement(selectByIDSQL) { statement throws(StoreError) in
            for id in ids {
                try statement.bind(.integer(id.rawValue), at: 1)
                if try statement.step() {
                    records.append(try decodeRecord(statement))
                }
                statement.reset()
            }
        }
        return records
    }

    /// How many records match a search (see `list`), or how many there are for `nil`.
    public func count(matching search: String? = nil) throws(StoreError) -> Int {
        let terms = SearchText.terms(search)
        let sql = "SELECT count(*) FROM \(quotedTable)" + whereClause(terms: terms.count)
        return try database.withStatement(sql) { statement throws(StoreError) in
            try statement.bind(terms.map(SQLValue.text))
            _ = try statement.step()
            return Int(statement.int64(at: 0))
        }
    }

    /// Records in order, optionally only those matching a search, optionally one page.
    ///
    /// A search matches a record when every word of it occurs, ignoring case, in one of the
    /// record's text columns; what the person typed is taken as plain text (`%`, `_` and
    /// quotes have no special meaning). A search of only white space matches everything.
    ///
    /// - Parameters:
    ///   - sortedBy: the sort key; ties are broken by identity in the same direction.
    ///   - limit: the most records to return, or `nil` for all.
    ///   - offset: how many matching records to skip first.
    /// - Throws: `.unknownColumn` when the sort key names an undeclared column.
    public func list(
        sortedBy key: RecordSortKey = .id,
        ascending: Bool = true,
        search: String? = nil,
        limit: Int? = nil,
        offset: Int = 0
    ) throws(StoreError) -> [Record<Model>] {
        let terms = SearchText.terms(search)
        let sql = "SELECT id, _created, _updated, _json FROM \(quotedTable)" + whereClause(terms: terms.count)
            + (try orderClause(key, ascending: ascending)) + " LIMIT ? OFFSET ?"
        return try database.withStatement(sql) { statement throws(StoreError) in
            try statement.bind(terms.map(SQLValue.text) + [.integer(Int64(limit ?? -1)), .integer(Int64(offset))])
            var records: [Record<Model>] = []
            while try statement.step() {
                records.append(try decodeRecord(statement))
            }
            return records
        }
    }

    /// The identities of the records `list` would return, without reading the records: cheap
    /// enough for 100,000 rows.
    public func ids(
        sortedBy key: RecordSortKey = .id,
        ascending: Bool = true,
        search: String? = nil
    ) throws(StoreError) -> [RecordID] {
        let terms = SearchText.terms(search)
        let sql = "SELECT id FROM \(quotedTable)" + whereClause(terms: terms.count)
            + (try orderClause(key, ascending: ascending))
        return try database.withStatement(sql) { statement throws(StoreError) in
            try statement.bind(terms.map(SQLValue.text))
            var ids: [RecordID] = []
            while try statement.step() {
                ids.append(RecordID(statement.int64(at: 0)))
            }
            return ids
        }
    }

    // MARK: Rows

    private func insertRow(_ model: Model, at time: Date) throws(StoreError) -> RecordID {
        let json = try encode(model)
        let values = columns.map { $0.value(model) }
        try database.withStatement(insertSQL) { statement throws(StoreError) in
            let seconds = SQLValue.real(time.timeIntervalSince1970)
            try statement.bind(seconds, at: 1)
            try statement.bind(seconds, at: 2)
            try statement.bindText(utf8: json, at: 3)
            try statement.bind(.text(SearchText.document(values)), at: 4)
            for (offset, value) in values.enumerated() {
                try statement.bind(value, at: Int32(offset + 5))
            }
            while try statement.step() {}
        }
        return RecordID(database.lastInsertedRowID)
    }

    private func encode(_ model: Model) throws(StoreError) -> Data {
        do {
            return try encoder.encode(model)
        } catch {
            throw StoreError.encodingFailed(reason: String(describing: error))
        }
    }

    /// Reads a row of `id, _created, _updated, _json`.
    private func decodeRecord(_ statement: Statement) throws(StoreError) -> Record<Model> {
        let id = RecordID(statement.int64(at: 0))
        let model = try statement.withBytes(at: 3) { bytes throws(StoreError) in try decodeModel(bytes, id: id) }
        return Record(
            id: id,
            model: model,
            created: Date(timeIntervalSince1970: statement.double(at: 1)),
            updated: Date(timeIntervalSince1970: statement.double(at: 2))
        )
    }

    private func decodeModel(_ json: UnsafeRawBufferPointer, id: RecordID) throws(StoreError) -> Model {
        do {
            return try decoder.decode(Model.self, from: Data(json))
        } catch {
            throw StoreError.decodingFailed(id: id, reason: String(describing: error))
        }
    }

    private func whereClause(terms: Int) -> String {
        terms == 0 ? "" : " WHERE " + Array(repeating: "instr(_search, ?) > 0", count: terms).joined(separator: " AND ")
    }

    private func orderClause(_ key: RecordSortKey, ascending: Bool) throws(StoreError) -> String {
        let direction = ascending ? "ASC" : "DESC"
        let column: String
        switch key {
        case .id:
            return " ORDER BY id \(direction)"
        case .created:
            column = "_created"
        case .updated:
            column = "_updated"
        case .column(let name):
            guard let declared = columns.first(where: { $0.name == name }) else {
                throw StoreError.unknownColumn(name)
            }
            column = SQLIdentifier.quoted(declared.name)
        }
        return " ORDER BY \(column) \(direction), id \(direction)"
    }

    // MARK: Schema

    /// A column's SQL definition; text sorts without regard to ASCII case, as people expect.
    private func definition(of column: Column<Model>) -> String {
        SQLIdentifier.quoted(column.name) + " " + column.type.rawValue
            + (column.type == .text ? " COLLATE NOCASE" : "")
    }

    private func indexName(_ column: String) -> String {
        SQLIdentifier.quoted(table + "_by_" + column)
    }

    /// Creates the table, or brings its declared columns in line with `columns`.
    private func prepareTable() throws(StoreError) {
        // `PRAGMA table_info`, not the `pragma_table_info()` function, which SQLite 3.15 lacks.
        let existing = try database.rows("PRAGMA table_info(\(quotedTable))").map { Array($0.dropFirst()) }
        if existing.isEmpty {
            try createTable(named: quotedTable)
        } else {
            var stored: [String: String] = [:]
            for row in existing {
                guard case .text(let name) = row[0], case .text(let type) = row[1],
                      !name.hasPrefix("_"), name != "id" else { continue }
                stored[name] = type.uppercased()
            }
            let declared = Dictionary(uniqueKeysWithValues: columns.map { ($0.name, $0.type.rawValue) })
            guard stored != declared else {
                try createIndexes()
                return
            }
            // Only derived values are dropped: every column is computed again from the JSON.
            if stored.contains(where: { declared[$0.key] != $0.value }) {
                try rebuildTable(dropping: Array(stored.keys))
            } else {
                for column in columns where stored[column.name] != column.type.rawValue {
                    try database.execute("ALTER TABLE \(quotedTable) ADD COLUMN \(definition(of: column))")
                }
            }
            database.forgetStatements()
            try backfill()
        }
        try createIndexes()
    }

    private func createTable(named name: String) throws(StoreError) {
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
    private func rebuildTable(dropping storedColumns: [String]) throws(StoreError) {
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
    private func createIndexes() throws(StoreError) {
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
    private func backfill() throws(StoreError) {
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
