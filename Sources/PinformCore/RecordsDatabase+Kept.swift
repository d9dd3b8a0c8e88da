import Foundation
import PostgresStore
import Storage

/// A store whose saves kept while the server was away can be sent.
@MainActor
protocol KeptSaveSending: AnyObject {
    /// Sends the kept saves, oldest first; see `SharedDatabaseStore.sendKept(resolving:)`.
    func sendKept(resolving resolution: ConflictResolution) throws(StoreError) -> Int
    /// The first kept save's conflict as a person reads it.
    func readable(_ conflict: RecordConflict) -> [SharedDatabaseConflict.Line]
}

extension SharedDatabaseStore: KeptSaveSending where Model: RecordModel {
    func readable(_ conflict: RecordConflict) -> [SharedDatabaseConflict.Line] {
        guard let base = try? firstKeptBase() else { return [] }
        return SharedDatabaseConflict(conflict, base: base).lines
    }
}

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
        send(store, resolving: .ask)
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
            let (count, problem) = send(store, resolving: .ask)
            sent += count
            if let problem { return (sent, problem) }
        }
        return (sent, nil)
    }

    /// Sends one store's kept saves; a conflict is handed to `onKeptConflict`, to be asked about.
    @discardableResult
    private func send(_ store: any KeptSaveSending, resolving resolution: ConflictResolution) -> (Int, StoreError?) {
        do {
            return (try store.sendKept(resolving: resolution), nil)
        } catch .conflict(let conflict) {
            let kept = SharedDatabaseKeptConflict(conflict: conflict, lines: store.readable(conflict)) {
                [weak self, weak store] resolution in
                guard let self, let store else { return nil }
                let (_, problem) = send(store, resolving: resolution)
                return problem
            }
            onKeptConflict?(kept)
            return (0, .conflict(conflict))
        } catch {
            return (0, error)
        }
    }
}

// The history the shared database's server keeps of each record.
extension RecordsDatabase {
    /// Every change of one record the server kept, oldest first, as a person reads it; nil when
    /// the records are not in a shared database (the local file keeps no history).
    public func history<Model: RecordModel>(of id: RecordID, _ model: Model.Type) throws(StoreError) -> SharedDatabaseHistory? {
        guard let shared = (try store(Model.self) as? SharedDatabaseStore<Model>)?.shared else { return nil }
        return SharedDatabaseHistory(try shared.history(of: id), of: Model.self)
    }
}
