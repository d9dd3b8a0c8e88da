import Foundation
import Localization
import PostgresStore
import Storage

/// A model's records in the shared database, as the app uses them: reads go to the server; a
/// save the server cannot take because it cannot be reached is kept in this desk's sealed file
/// (`SharedDatabaseOutbox`) and sent, in order and checked against its version, by
/// `sendKept()` once the server answers again. Nothing typed is dropped in between.
public final class SharedDatabaseStore<Model: Codable>: RecordStoring {
    /// The server's store.
    public let shared: PostgresRecordStore<Model>
    let outbox: SharedDatabaseOutbox
    private let encoder = JSONEncoder()
    private let decoder = JSONDecoder()
    /// Who is told of other desks' changes (`observeOtherDesks(_:)`), by token.
    var otherDesksWatchers: [Int: ([RecordID]) -> Void] = [:]
    var nextWatcherToken = 0
    /// The version of each record this desk read last: what a delete kept while the server is
    /// away is checked against when it is sent.
    var versionsSeen: [RecordID: Int64] = [:]

    /// Wraps `shared`, keeping what it cannot save in `outbox`.
    public init(_ shared: PostgresRecordStore<Model>, outbox: SharedDatabaseOutbox) {
        self.shared = shared
        self.outbox = outbox
    }

    /// The table's name.
    public var table: String { shared.table }
    /// The declared columns.
    public var columns: [Column<Model>] { shared.columns }
    /// Whether this desk's role may not change the records.
    public var isReadOnly: Bool { shared.isReadOnly }

    // MARK: Saving, or keeping for later

    /// Saves a new record; while the server cannot be reached it is kept and `.keptForLater`
    /// thrown (the record is not in the list until it is sent).
    @discardableResult
    public func insert(_ model: Model) throws(StoreError) -> RecordID {
        let operation = UUID()
        do {
            try sendKeptFirst()
            return try shared.once(operation) { () throws(StoreError) in try shared.insert(model) }
        } catch {
            guard let reason = keepingReason(error) else { throw error }
            try keep(SharedDatabaseOutbox.Entry(table: table, record: nil, baseVersion: nil, base: nil, model: json(model),
                                                operation: operation.uuidString), reason)
        }
    }

    /// Saves several new records together (an import): not kept when the server is away.
    @discardableResult
    public func insert(contentsOf models: some Sequence<Model>) throws(StoreError) -> [RecordID] {
        try shared.insert(contentsOf: models)
    }

    /// Replaces a record's model.
    public func update(_ model: Model, id: RecordID) throws(StoreError) {
        try shared.update(model, id: id)
    }

    /// Saves an edit of `base`, checked against its version; while the server cannot be
    /// reached it is kept (with `base`) and `.keptForLater` thrown.
    public func update(_ model: Model, basedOn base: Record<Model>, resolving resolution: ConflictResolution) throws(StoreError) {
        let operation = UUID()
        do {
            try sendKeptFirst()
            try shared.once(operation) { () throws(StoreError) in try shared.update(model, basedOn: base, resolving: resolution) }
        } catch {
            guard let reason = keepingReason(error) else { throw error }
            try keep(SharedDatabaseOutbox.Entry(table: table, record: base.id.rawValue, baseVersion: base.version,
                                                base: json(base.model), model: json(model), operation: operation.uuidString), reason)
        }
    }

    func keep(_ entry: SharedDatabaseOutbox.Entry, _ reason: String) throws(StoreError) -> Never {
        try outbox.keep(entry)
        throw StoreError.keptForLater(reason: reason, waiting: outbox.count)
    }

    func json(_ model: Model) throws(StoreError) -> String {
        do {
            return String(decoding: try encoder.encode(model), as: UTF8.self)
        } catch {
            throw StoreError.encodingFailed(reason: String(describing: error))
        }
    }

    /// Sends the kept saves of this table, oldest first, each checked against the version it
    /// was based on; stops at the first that cannot be sent, which stays kept with the rest.
    ///
    /// - Returns: how many were sent.
    /// - Throws: `.serverUnavailable` while the server is still away; `.conflict` when another
    ///   desk changed the same field of a kept edit meanwhile (that save stays kept, to be
    ///   asked about); `.notFound` when its record was deleted meanwhile (it stays kept too).
    /// - Parameter resolution: how the first kept save resolves a field both desks changed
    ///   (the person's choice once it was asked about); the others ask.
    @discardableResult
    public func sendKept(resolving resolution: ConflictResolution = .ask) throws(StoreError) -> Int {
        var sent = 0
        for (id, entry) in try outbox.waiting(for: table) {
            do {
                try send(entry, resolving: sent == 0 ? resolution : .ask)
            } catch .other(let code, let reason) where StoreError.other(code: code, reason: reason) == .alreadySent {
                // An earlier attempt was committed (its answer was lost): sent, not sent again.
            } catch {
                throw keepingReason(error).map { StoreError.serverUnavailable(reason: $0) } ?? error
            }
            try outbox.remove(id)
            sent += 1
        }
        return sent
    }

    private func send(_ entry: SharedDatabaseOutbox.Entry, resolving resolution: ConflictResolution) throws(StoreError) {
        let operation = entry.operation.flatMap(UUID.init(uuidString:)) ?? UUID()
        try shared.once(operation) { () throws(StoreError) in
            if entry.deletes == true, let record = entry.record {
                try shared.delete(id: RecordID(record), ifAt: entry.baseVersion, resolving: resolution)
            } else if let record = entry.record, let base = entry.base {
                let based = Record(id: RecordID(record), model: try decode(base), created: Date(), updated: Date(),
                                   version: entry.baseVersion ?? 0)
                try shared.update(try decode(entry.model), basedOn: based, resolving: resolution)
            } else {
                try shared.insert(try decode(entry.model))
            }
        }
    }

    /// The record as the first kept edit found it: the base its conflict is read against.
    public func firstKeptBase() throws(StoreError) -> Model? {
        guard let base = try outbox.waiting(for: table).first?.entry.base else { return nil }
        return try decode(base)
    }

    func decode(_ json: String) throws(StoreError) -> Model {
        do {
            return try decoder.decode(Model.self, from: Data(json.utf8))
        } catch {
            throw StoreError.decodingFailed(id: RecordID(0), reason: String(describing: error))
        }
    }

    // MARK: The rest, as the server's store

    /// Deletes a record; while the server cannot be reached the delete is kept (see
    /// `deleteRecords(ids:)`).
    @discardableResult
    public func delete(id: RecordID) throws(StoreError) -> Bool { try !deleteRecords(ids: [id]).isEmpty }
    /// Deletes several records; kept as `deleteRecords(ids:)`.
    @discardableResult
    public func delete(ids: some Sequence<RecordID>) throws(StoreError) -> Int { try deleteRecords(ids: ids).count }
    /// Puts deleted records back.
    public func restore(_ records: some Sequence<DeletedRecord>) throws(StoreError) { try shared.restore(records) }
    /// The record with this identity.
    public func record(id: RecordID) throws(StoreError) -> Record<Model>? {
        try plainly { () throws(StoreError) in try seen(shared.record(id: id).map { [$0] } ?? []).first }
    }
    /// The records with these identities.
    public func records(ids: some Sequence<RecordID>) throws(StoreError) -> [Record<Model>] {
        try plainly { () throws(StoreError) in try seen(shared.records(ids: ids)) }
    }
    /// How many records match a search.
    public func count(matching search: String?) throws(StoreError) -> Int {
        try plainly { () throws(StoreError) in try shared.count(matching: search) }
    }
    /// Records in order, searched, one page.
    public func list(sortedBy key: RecordSortKey, ascending: Bool, search: String?, limit: Int?, offset: Int) throws(StoreError) -> [Record<Model>] {
        try plainly { () throws(StoreError) in
            try seen(shared.list(sortedBy: key, ascending: ascending, search: search, limit: limit, offset: offset))
        }
    }
    /// The identities `list` would return.
    public func ids(sortedBy key: RecordSortKey, ascending: Bool, search: String?) throws(StoreError) -> [RecordID] {
        try plainly { () throws(StoreError) in try shared.ids(sortedBy: key, ascending: ascending, search: search) }
    }
    /// Reads what searching needs.
    public func prepareSearch() throws(StoreError) { try plainly { () throws(StoreError) in try shared.prepareSearch() } }

    /// Runs a read whose failure to reach the server is said in plain words, as a kept save's
    /// is (`SharedDatabaseFault`): "the server is not running", not libpq's socket path and
    /// `FATAL:`.
    private func plainly<T>(_ read: () throws(StoreError) -> T) throws(StoreError) -> T {
        do {
            return try read()
        } catch .serverUnavailable(let reason) {
            throw .serverUnavailable(reason: SharedDatabaseFault.words(for: reason))
        } catch {
            throw error
        }
    }
}
