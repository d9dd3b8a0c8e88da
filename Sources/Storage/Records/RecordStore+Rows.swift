import CSQLite
import Foundation

// One row: a model encoded to JSON and its derived columns, and back.
extension RecordStore {
    func insertRow(_ model: Model, at time: Date) throws(StoreError) -> (id: RecordID, document: String) {
        let json = try encode(model)
        let values = columns.map { $0.value(model) }
        let document = SearchText.document(values)
        try database.withStatement(insertSQL) { statement throws(StoreError) in
            let seconds = SQLValue.real(time.timeIntervalSince1970)
            try statement.bind(seconds, at: 1)
            try statement.bind(seconds, at: 2)
            try statement.bindText(utf8: json, at: 3)
            try statement.bind(.text(document), at: 4)
            for (offset, value) in values.enumerated() {
                try statement.bind(value, at: Int32(offset + 5))
            }
            while try statement.step() {}
        }
        return (RecordID(database.lastInsertedRowID), document)
    }

    func encode(_ model: Model) throws(StoreError) -> Data {
        do {
            return try encoder.encode(model)
        } catch {
            throw StoreError.encodingFailed(reason: String(describing: error))
        }
    }

    /// Reads a row of `id, _created, _updated, _json`.
    func decodeRecord(_ statement: Statement) throws(StoreError) -> Record<Model> {
        let id = RecordID(statement.int64(at: 0))
        let model = try statement.withBytes(at: 3) { bytes throws(StoreError) in try decodeModel(bytes, id: id) }
        return Record(
            id: id,
            model: model,
            created: Date(timeIntervalSince1970: statement.double(at: 1)),
            updated: Date(timeIntervalSince1970: statement.double(at: 2))
        )
    }

    func decodeModel(_ json: UnsafeRawBufferPointer, id: RecordID) throws(StoreError) -> Model {
        do {
            return try decoder.decode(Model.self, from: Data(json))
        } catch {
            throw StoreError.decodingFailed(id: id, reason: String(describing: error))
        }
    }

    /// `encoded` with the top-level fields of `stored` that the model does not know added
    /// (see `UnknownFields`).
    func keepingUnknownFields(of stored: Data, in encoded: Data) -> Data {
        UnknownFields.keeping(of: stored, in: encoded, as: Model.self, encoder: encoder, decoder: decoder)
    }

    func orderClause(_ key: RecordSortKey, ascending: Bool) throws(StoreError) -> String {
        try key.orderClause(ascending: ascending, columns: columns) { declared in
            unwrittenColumns.contains(declared.name) ? nil : SQLIdentifier.quoted(declared.name)
        }
    }
}
