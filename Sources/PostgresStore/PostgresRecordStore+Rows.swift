import Foundation
import Storage

// One row's values as parameters and back, the sort order, and the caches kept between reads.
extension PostgresRecordStore {
    /// The model's JSON, folded search text and declared columns' values, as parameters.
    func row(of model: Model) throws(StoreError) -> (json: String, document: String, values: [String?]) {
        let json: Data
        do {
            json = try encoder.encode(model)
        } catch {
            throw StoreError.encodingFailed(reason: String(describing: error))
        }
        let document = SearchText.document(columns.map { $0.value(model) })
        let values = columns.map { Self.parameter($0.sharedValue(model), as: $0.sharedType) }
        return (String(decoding: json, as: UTF8.self), document, values)
    }

    /// The SQL that reads parameter `number` as column `offset`'s type.
    func placeholder(for offset: Int, at number: Int) -> String {
        switch columns[offset].sharedType {
        case .timestamp: "to_timestamp($\(number)::float8)"
        case let type: "$\(number)::\(type.rawValue)"
        }
    }

    /// A value as the text the server parses for `type`, or nil for `NULL`.
    static func parameter(_ value: SQLValue, as type: SharedColumnType) -> String? {
        switch value {
        case .null:
            return nil
        case .integer(let number):
            return type == .boolean ? (number != 0 ? "true" : "false") : String(number)
        case .real(let number):
            if number.isNaN { return type == .integer || type == .boolean ? nil : "NaN" }
            if number.isInfinite { return number > 0 ? "Infinity" : "-Infinity" }
            return type == .integer ? String(Int64(max(min(number, 9.2e18), -9.2e18))) : String(number)
        case .text(let text):
            return text
        case .blob(let bytes):
            return "\\x" + bytes.map { String(format: "%02x", $0) }.joined()
        }
    }

    /// A PostgreSQL array literal of identities (digits only), for `= ANY($1::bigint[])`.
    static func array(_ ids: [RecordID]) -> String {
        "{" + ids.map(\.description).joined(separator: ",") + "}"
    }

    /// Reads a row of `selectColumns`.
    func decodeRecord(_ row: [String?]) throws(StoreError) -> Record<Model> {
        let id = RecordID(row[0].flatMap(Int64.init) ?? 0)
        let model: Model
        do {
            model = try decoder.decode(Model.self, from: Data((row[3] ?? "").utf8))
        } catch {
            throw StoreError.decodingFailed(id: id, reason: String(describing: error))
        }
        return Record(
            id: id,
            model: model,
            created: Date(timeIntervalSince1970: row[1].flatMap(Double.init) ?? 0),
            updated: Date(timeIntervalSince1970: row[2].flatMap(Double.init) ?? 0),
            version: row[4].flatMap(Int64.init) ?? 0
        )
    }

    func orderClause(_ key: RecordSortKey, ascending: Bool) throws(StoreError) -> String {
        try key.orderClause(ascending: ascending, columns: columns, nulls: " NULLS FIRST") { declared in
            // Text sorts without regard to case, as the local store's NOCASE columns do, by its
            // first characters: the expression of its index (`sortExpression`).
            sortExpression(declared)
        }
    }

    // MARK: Caches

    /// The table's change stamp as committed now.
    func currentStamp() throws(StoreError) -> Int64? {
        try connection.execute("SELECT stamp FROM _pinform_tables WHERE name = $1", [table]).scalar.flatMap(Int64.init)
    }

    /// The stamp the caches hold, after dropping them when the table changed since.
    func validCacheStamp() throws(StoreError) -> Int64? {
        cache.validate(try currentStamp())
    }

    func dropCaches() {
        cache.drop()
        recordCache.drop()
    }

    /// Runs a write in a transaction that holds the table's stamp row (so no other desk writes
    /// the table meanwhile), then patches the search index when it was current before.
    func write<T>(_ body: () throws(StoreError) -> T, patch: (inout SearchIndex, T) -> Void) throws(StoreError) -> T {
        guard !isReadOnly else { throw StoreError.serverRefused(reason: Self.readOnlyRefusal(role: role)) }
        let (result, before, after) = try connection.transaction { () throws(StoreError) in
            let before = try connection.execute("SELECT _pinform_hold($1)", [table]).scalar.flatMap(Int64.init)
            try recordOperation()
            let result = try body()
            return (result, before, try currentStamp())
        }
        cache.wrote(result, wasCurrent: before != nil && before == cache.stamp, now: after, patch: patch)
        return result
    }

    func sortedIDs(orderedBy order: String) throws(StoreError) -> [RecordID] {
        try sortedIDs(orderedBy: order, at: try validCacheStamp())
    }

    /// The sorted identities, the caches' `stamp` validated just before (one round trip for a
    /// whole search keystroke, not one per cache).
    func sortedIDs(orderedBy order: String, at stamp: Int64?) throws(StoreError) -> [RecordID] {
        try cache.sortedIDs(orderedBy: order, at: stamp) { () throws(StoreError) in
            try connection.execute("SELECT id FROM \(quotedTable)" + order).rows.map { RecordID($0[0].flatMap(Int64.init) ?? 0) }
        }
    }

    func currentSearchIndex() throws(StoreError) -> SearchIndex {
        try currentSearchIndex(at: try validCacheStamp())
    }

    /// The search index, the caches' `stamp` validated just before.
    func currentSearchIndex(at stamp: Int64?) throws(StoreError) -> SearchIndex {
        try cache.searchIndex(at: stamp) { () throws(StoreError) in
            searchIndexReads += 1
            var index = SearchIndex()
            for row in try connection.execute("SELECT id, _search FROM \(quotedTable)").rows {
                index.set((row[1] ?? "").utf8, for: row[0].flatMap(Int64.init) ?? 0)
            }
            return index
        }
    }
}
