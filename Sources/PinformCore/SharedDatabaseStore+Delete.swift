import Foundation
import Localization
import PostgresStore
import Storage

// Deletes, kept like saves while the server cannot be reached, and the versions they are
// checked against when sent.
extension SharedDatabaseStore {
    /// Deletes several records together and hands them back as stored, for `restore(_:)`.
    /// While the server cannot be reached each delete is kept, with the version this desk last
    /// read of its record, and `.keptForLater` thrown: sent in order with the saves, a record
    /// another desk changed meanwhile comes back as a conflict to ask about.
    public func deleteRecords(ids: some Sequence<RecordID>) throws(StoreError) -> [DeletedRecord] {
        let ids = Array(ids)
        let operation = UUID()
        do {
            try sendKeptFirst()
            return try shared.once(operation) { () throws(StoreError) in try shared.deleteRecords(ids: ids) }
        } catch {
            guard let reason = keepingReason(error), !ids.isEmpty else { throw error }
            for (index, id) in ids.enumerated() {
                // The first delete keeps the identity the server may have recorded with all of them.
                try outbox.keep(SharedDatabaseOutbox.Entry(
                    table: table, record: id.rawValue, baseVersion: versionsSeen[id], base: nil, model: "",
                    operation: (index == 0 ? operation : UUID()).uuidString, deletes: true))
            }
            throw StoreError.keptForLater(reason: reason, waiting: outbox.count)
        }
    }

    /// Sends this table's kept saves before a new one, so that saves reach the server in the
    /// order they were made; while one cannot be sent, the new save is kept behind it.
    func sendKeptFirst() throws(StoreError) {
        guard outbox.count > 0, !((try? outbox.waiting(for: table).isEmpty) ?? true) else { return }
        do {
            try sendKept()
        } catch {
            if keepingReason(error) != nil { throw error }
            // A conflict to ask about, or a record deleted meanwhile: the new save waits behind it.
            // Translators: why a save is kept on this desk: an earlier kept save met another desk's change and waits for the person.
            throw StoreError.serverUnavailable(reason: tr("an earlier save kept on this desk waits for your choice"))
        }
    }

    /// Why a save is kept, in plain words, or nil when `error` is not a fault to keep it
    /// through. A session that broke is opened again at once (by the `ROLLBACK` after the
    /// failed save, or here; no statement is sent twice): when the server answers, the
    /// connection was lost in the middle of the save — kept, as whether the server committed it
    /// is not known until it is sent again; otherwise the words say why the server cannot be
    /// reached now (not running, restarting, this desk's password refused, the network cut,
    /// no answer before the deadline — then it is not asked again at once).
    func keepingReason(_ error: StoreError) -> String? {
        guard let words = SharedDatabaseFault.keepingReason(error) else { return nil }
        guard case .serverUnavailable(let reason) = error else { return words }
        // The server stayed silent: asking it again now would keep the person waiting as long again.
        if reason == PostgresConnection.noAnswer { return reason }
        if !shared.connection.isOpen {
            do {
                try shared.connection.execute("SELECT 1")
            } catch {
                return SharedDatabaseFault.keepingReason(error) ?? words
            }
        }
        // Translators: why a save is kept on this desk: the connection broke while saving, and whether the server has the save is not known yet.
        return tr("the connection to the server was lost in the middle of the save")
    }

    /// Notes the versions of records read, and hands them on.
    func seen(_ records: [Record<Model>]) -> [Record<Model>] {
        for record in records { versionsSeen[record.id] = record.version }
        return records
    }

    /// Whether the first kept save of this table is a delete.
    public var firstKeptIsDelete: Bool {
        (try? outbox.waiting(for: table).first?.entry.deletes) == true
    }
}
