import Foundation
import PostgresStore
import Storage

// Joining a shared database when this computer already holds records of its own: they are
// never dropped — they stay in the sealed file (and show again if the desk leaves), and the
// person may copy them to the shared database, with their identities.
extension RecordsDatabase {
    /// The records of `Model` in this computer's own file, whether or not a shared database
    /// shows instead; none when the file cannot be read.
    public func localRecords<Model: RecordModel>(_ model: Model.Type) -> [Record<Model>] {
        openIfNeeded()
        guard let database,
              let local = try? RecordStore<Model>(database: database, table: Model.table, columns: Model.storeColumns,
                                                  version: Model.layoutVersion) else { return [] }
        return (try? local.list()) ?? []
    }

    /// Copies this computer's own records of `Model` to the shared database it joined, keeping
    /// their identities, all or none; the file keeps them too.
    ///
    /// - Returns: how many were copied.
    /// - Throws: `.constraint` when the shared database already holds records with the same
    ///   identities (another desk's: nothing is copied); `.closed` when no shared database is open.
    @discardableResult
    public func copyLocalRecordsToShared<Model: RecordModel>(_ model: Model.Type) throws(StoreError) -> Int {
        let records = localRecords(Model.self)
        guard !records.isEmpty else { return 0 }
        guard let shared = (try store(Model.self) as? SharedDatabaseStore<Model>)?.shared else {
            throw StoreError.closed(path: sharedEndpoint?.description ?? file.path)
        }
        let encoder = JSONEncoder()
        var adopted: [DeletedRecord] = []
        for record in records {
            let json: Data
            do {
                json = try encoder.encode(record.model)
            } catch {
                throw StoreError.encodingFailed(reason: String(describing: error))
            }
            adopted.append(DeletedRecord(id: record.id, json: json, created: record.created.timeIntervalSince1970,
                                         updated: record.updated.timeIntervalSince1970))
        }
        try shared.adopt(adopted)
        return records.count
    }
}
