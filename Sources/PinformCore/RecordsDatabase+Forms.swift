import Foundation
import PostgresStore
import Storage

// The definitions of the forms made in the app: in the records file (`FormDefinitionStore`)
// while this desk keeps its records, on the server (`PostgresFormDefinitionStore`) once it joined
// a shared database — where every desk reads the same ones.
extension RecordsDatabase {
    /// The stored definitions, in the order they were first saved.
    ///
    /// On a shared database that holds none yet while this desk's file has some, and a role
    /// that may change forms, the file's definitions are first copied to the server (their
    /// records are offered separately); the file keeps them either way.
    /// - Parameter recordsTable: the records' table of a definition's identity.
    public func formDefinitions(recordsTable: (String) -> String) throws(StoreError) -> [StoredFormDefinition] {
        openIfNeeded()
        guard let database else { throw openError ?? .closed(path: file.path) }
        let local = FormDefinitionStore(database: database)
        guard let sharedConnection else { return try local.all() }
        let shared = PostgresFormDefinitionStore(connection: sharedConnection)
        let found = try shared.all()
        guard found.isEmpty, try shared.mayChange else { return found }
        let own = try local.all()
        for definition in own {
            try shared.save(StoredFormDefinition(id: definition.id, version: 1, document: definition.document),
                            records: recordsTable(definition.id), formatVersion: Int.max)
        }
        return own.isEmpty ? [] : try shared.all()
    }

    /// Whether this desk may change forms: always on its own file (unless it is read-only); on
    /// a shared database, only as its owner.
    public var mayChangeForms: Bool {
        openIfNeeded()
        guard let sharedConnection else { return database != nil && fileReadOnlyReason == nil }
        return (try? PostgresFormDefinitionStore(connection: sharedConnection).mayChange) ?? false
    }

    /// Why this desk may not change forms, or nil when it may.
    public var formChangeRefusal: String? {
        guard !mayChangeForms else { return nil }
        return sharedConnection != nil ? PostgresFormDefinitionStore.ownerOnly
            : (openError ?? StoreError.closed(path: file.path)).message
    }

    /// Saves a definition and migrates its records in `records` in one transaction (one
    /// statement on a shared server), checked against the version it was based on.
    /// - Parameter formatVersion: the newest document format this Pinform reads.
    /// - Returns: how many records were rewritten.
    @discardableResult
    public func saveFormDefinition(_ definition: StoredFormDefinition, records: String, formatVersion: Int,
                                   migrate: ((Data) throws -> Data)?) throws(StoreError) -> Int {
        openIfNeeded()
        guard let database else { throw openError ?? .closed(path: file.path) }
        if let sharedConnection {
            return try PostgresFormDefinitionStore(connection: sharedConnection)
                .save(definition, records: records, formatVersion: formatVersion, migrate: migrate)
        }
        return try FormDefinitionStore(database: database).save(definition, records: records, migrate: migrate)
    }

    /// Removes a definition; its records stay.
    public func deleteFormDefinition(id: String) throws(StoreError) {
        openIfNeeded()
        guard let database else { throw openError ?? .closed(path: file.path) }
        if let sharedConnection {
            try PostgresFormDefinitionStore(connection: sharedConnection).delete(id: id)
        } else {
            try FormDefinitionStore(database: database).delete(id: id)
        }
    }
}
