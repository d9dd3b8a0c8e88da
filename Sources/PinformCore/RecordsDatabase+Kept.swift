import Foundation
import PostgresStore
import Storage

/// A store whose saves kept while the server was away can be sent.
protocol KeptSaveSending: AnyObject {
    /// Sends the kept saves, oldest first; see `SharedDatabaseStore.sendKept()`.
    func sendKept() throws(StoreError) -> Int
}

extension SharedDatabaseStore: KeptSaveSending {}

// The saves kept in the sealed file while the shared database's server was away, and sending
// them once it answers: after the listening session is back, and when the person asks.
extension RecordsDatabase {
    /// A model's shared store, keeping what the server cannot take in `database`'s outbox.
    func sharedStore<Model: RecordModel>(_ model: Model.Type, on connection: PostgresConnection,
                                         keepingIn database: Database) throws(StoreError) -> any RecordStoring<Model> {
        let outbox: SharedDatabaseOutbox
        if let kept = self.outbox {
            outbox = kept
        } else {
            outbox = try SharedDatabaseOutbox(database: database)
            self.outbox = outbox
        }
        let store = SharedDatabaseStore(
            try PostgresRecordStore<Model>(connection: connection, table: Model.table, columns: Model.storeColumns), outbox: outbox
        )
        stores[ObjectIdentifier(Model.self)] = store
        // Saves kept at an earlier session (the app closed while the server was away) go now.
        _ = try? store.sendKept()
        return store
    }

    /// How many saves this desk keeps for the shared database's server.
    public var keptSaveCount: Int { outbox?.count ?? 0 }

    /// Sends every kept save of the open models, in order, each checked against its version.
    ///
    /// - Returns: how many were sent, and why the rest were not (nil when none is left): the
    ///   server still away, or a conflict to ask about.
    @discardableResult
    public func sendKeptSaves() -> (sent: Int, problem: StoreError?) {
        var sent = 0
        for case let store as KeptSaveSending in stores.values {
            do {
                sent += try store.sendKept()
            } catch {
                return (sent, error)
            }
        }
        return (sent, nil)
    }
}
