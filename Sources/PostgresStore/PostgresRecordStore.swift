import Foundation
import Localization
import Storage

/// Stores values of one `Codable` type in one table of a shared PostgreSQL database — the
/// `RecordStoring` that several desks use at once.
///
/// Each model is a real table with typed columns (`Column.sharedType`: text, bigint, numeric,
/// date, boolean, …) that other tools can read, beside the model's JSON (`_json`, jsonb: what
/// is read back), a folded copy of the text columns for searching (`_search`), the record's
/// version (`_version`, raised by the server on every change) and its times, set by the server.
/// The table is created and migrated as `RecordStore` migrates its SQLite table; one that a
/// newer Pinform laid out is refused (`.sharedSchemaNewer`).
///
/// Every value goes to the server as a parameter of `PQsendQueryParams`; only checked, quoted
/// identifiers are part of the SQL text. The sorted identity lists and the search index are kept
/// in memory while the table's change stamp (`_pinform_tables.stamp`) stays the same.
///
/// ```swift
/// let connection = try PostgresConnection(endpoint: PostgresEndpoint(host: "/run/postgresql"))
/// try PostgresSchema.prepare(connection)
/// let people = try PostgresRecordStore<Person>(connection: connection, table: "person", columns: columns)
/// ```
public final class PostgresRecordStore<Model: Codable>: RecordStoring {
    /// The session the store uses.
    public let connection: PostgresConnection
    /// The table's name.
    public let table: String
    /// The declared columns, in order.
    public let columns: [Column<Model>]
    /// The version of the table's layout this code writes (as `RecordStore.version`).
    public let version: Int
    /// Whether this role may not change the table's records.
    public private(set) var isReadOnly = false
    /// The PostgreSQL role this desk is connected as, which the server's rules apply to.
    public private(set) var role = ""

    let quotedTable: String
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    /// The sorted lists and the search index, while the table's change stamp stays the same.
    var cache = RecordListCache<Int64>()
    /// Decoded records at the table's change stamp (`PostgresRecordCache`).
    var recordCache = PostgresRecordCache<Model>()
    /// The identity the next write records on the server (`once(_:_:)`), or nil.
    var operation: String?
    /// How many times the whole search index was read from the server (not patched).
    package internal(set) var searchIndexReads = 0
    let selectColumns = "id, extract(epoch from _created)::float8, extract(epoch from _updated)::float8, _json::text, _version"

    /// Opens the model's table, creating it or migrating its columns as needed.
    ///
    /// - Parameters: as `RecordStore.init`; call `PostgresSchema.prepare(_:)` on the connection
    ///   first.
    /// - Throws: `.sharedSchemaNewer` when a newer Pinform laid the table out; `.serverRefused`
    ///   when the role may not create or change it; `.decodingFailed` when a stored record cannot
    ///   be read to compute a new column (nothing is changed then).
    public init(connection: PostgresConnection, table: String, columns: [Column<Model>], version: Int = 1) throws(StoreError) {
        if let problem = StoreError.layoutProblem(table: table, columnNames: columns.map(\.name),
                                                  longestTable: PostgresConnection.longestTable,
                                                  longestColumn: PostgresConnection.longestName) {
            throw problem
        }
        self.connection = connection
        self.table = table
        self.columns = columns
        self.version = version
        quotedTable = SQLIdentifier.quoted(table)
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN"
        )
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN"
        )
        try prepareTable()
        let rights = try connection.execute(
            "SELECT has_table_privilege($1, 'INSERT') OR has_table_privilege($1, 'UPDATE'), current_user", [quotedTable]
        ).rows.first
        isReadOnly = rights?[0] != "t"
        role = rights?[1] ?? connection.endpoint.user ?? ""
    }

    // MARK: Writing

    /// Saves a new record and returns its identity.
    @discardableResult
    public func insert(_ model: Model) throws(StoreError) -> RecordID {
        try insert(contentsOf: [model])[0]
    }

    /// Saves several new records together, all or none, and returns their identities in order.
    @discardableResult
    public func insert(contentsOf models: some Sequence<Model>) throws(StoreError) -> [RecordID] {
        let sql = "INSERT INTO \(quotedTable) (_json, _search" + columns.map { ", " + SQLIdentifier.quoted($0.name) }.joined()
            + ") VALUES ($1::jsonb, $2::text" + columns.indices.map { ", " + placeholder(for: $0, at: $0 + 3) }.joined()
            + ") RETURNING id"
        return try write { () throws(StoreError) in
            var rows: [(id: RecordID, document: String)] = []
            for model in models {
                let (json, document, values) = try row(of: model)
                guard let id = try connection.execute(sql, [json, document] + values).scalar.flatMap(Int64.init) else {
                    throw StoreError.other(code: 0, reason: "no identity returned")
                }
                rows.append((RecordID(id), document))
            }
            return rows
        } patch: { index, rows in
            for row in rows { index.set(row.document.utf8, for: row.id.rawValue) }
        }.map(\.id)
    }

    /// Replaces a record's model; fields of the stored JSON the model does not know are kept.
    ///
    /// - Throws: `.notFound` when there is no such record; nothing is changed then.
    public func update(_ model: Model, id: RecordID) throws(StoreError) {
        let (json, document, values) = try row(of: model)
        let sql = "UPDATE \(quotedTable) SET _json = $1::jsonb, _search = $2::text"
            + columns.indices.map { ", \(SQLIdentifier.quoted(columns[$0].name)) = \(placeholder(for: $0, at: $0 + 3))" }.joined()
            + " WHERE id = $\(columns.count + 3)::bigint"
        try write { () throws(StoreError) in
            let stored = try connection.execute("SELECT _json::text FROM \(quotedTable) WHERE id = $1::bigint FOR UPDATE",
                                                [id.description]).scalar
            guard let stored else { throw StoreError.notFound(id) }
            let kept = UnknownFields.keeping(of: Data(stored.utf8), in: Data(json.utf8), as: Model.self,
                                             encoder: encoder, decoder: decoder)
            let changed = try connection.execute(sql, [String(decoding: kept, as: UTF8.self), document] + values + [id.description])
            guard changed.affected == 1 else { throw StoreError.notFound(id) }
        } patch: { index, _ in
            index.set(document.utf8, for: id.rawValue)
        }
    }

    /// Deletes a record and returns whether there was one.
    @discardableResult
    public func delete(id: RecordID) throws(StoreError) -> Bool {
        try delete(ids: [id]) == 1
    }

    /// Deletes several records together and returns how many existed.
    @discardableResult
    public func delete(ids: some Sequence<RecordID>) throws(StoreError) -> Int {
        try deleteRecords(ids: ids).count
    }

    /// Deletes several records together and hands them back as stored, for `restore(_:)`.
    public func deleteRecords(ids: some Sequence<RecordID>) throws(StoreError) -> [DeletedRecord] {
        let ids = Array(ids)
        guard !ids.isEmpty else { return [] }
        return try write { () throws(StoreError) in
            let rows = try connection.execute(
                "DELETE FROM \(quotedTable) WHERE id = ANY($1::bigint[]) RETURNING \(selectColumns)", [Self.array(ids)]
            ).rows
            var byID: [RecordID: DeletedRecord] = [:]
            for row in rows {
                guard let id = row[0].flatMap(Int64.init) else { continue }
                byID[RecordID(id)] = DeletedRecord(id: RecordID(id), json: Data((row[3] ?? "{}").utf8),
                                                   created: row[1].flatMap(Double.init) ?? 0, updated: row[2].flatMap(Double.init) ?? 0)
            }
            let kept = ids.filter { byID[$0] == nil }
            if !kept.isEmpty, try connection.execute(
                "SELECT count(*) FROM \(quotedTable) WHERE id = ANY($1::bigint[])", [Self.array(kept)]
            ).scalar != "0" {
                // Still there but not deleted: row-level security lets a role delete only the
                // records it added. All or none: nothing is deleted.
                throw StoreError.serverRefused(reason: Self.deletionRefusal)
            }
            var seen = Set<RecordID>()
            return ids.compactMap { id in seen.insert(id).inserted ? byID[id] : nil }
        } patch: { index, deleted in
            for record in deleted { index.remove(record.id.rawValue) }
        }
    }

    /// Puts deleted records back with the same identities, JSON and times, all or none.
    ///
    /// - Throws: `.constraint` when one of the identities is in use again.
    public func restore(_ records: some Sequence<DeletedRecord>) throws(StoreError) {
        let records = Array(records)
        let sql = "INSERT INTO \(quotedTable) (id, _created, _updated, _json, _search"
            + columns.map { ", " + SQLIdentifier.quoted($0.name) }.joined()
            + ") VALUES ($1::bigint, to_timestamp($2::float8), to_timestamp($3::float8), $4::jsonb, $5::text"
            + columns.indices.map { ", " + placeholder(for: $0, at: $0 + 6) }.joined() + ")"
        _ = try write { () throws(StoreError) -> [String] in
            var documents: [String] = []
            for record in records {
                let model: Model
                do {
                    model = try decoder.decode(Model.self, from: record.json)
                } catch {
                    throw StoreError.decodingFailed(id: record.id, reason: String(describing: error))
                }
                let (_, document, values) = try row(of: model)
                try connection.execute(sql, [record.id.description, String(record.created), String(record.updated),
                                             String(decoding: record.json, as: UTF8.self), document] + values)
                documents.append(document)
            }
            return documents
        } patch: { index, documents in
            for (record, document) in zip(records, documents) { index.set(document.utf8, for: record.id.rawValue) }
        }
    }

    /// Computes every row's columns and search text again from its JSON.
    public func rebuildColumns() throws(StoreError) {
        dropCaches()
        try connection.withDeadline(PostgresConnection.bulkDeadline) { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) in try backfill() }
        }
    }
}
