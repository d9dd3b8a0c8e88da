import Foundation
import PostgresStore
import Storage

// The shared database: opened with the password the data key unseals, and listened to for
// other desks' changes (LISTEN/NOTIFY: table, identity and version only).
extension RecordsDatabase {
    /// Connects to the shared database this desk joined, if any, and listens for changes on a
    /// second session (one that runs no queries, so no notification waits unseen in libpq).
    func openShared(key: SecretBytes) throws(StoreError) {
        let vault = KeyVault(directory: paths.dataDirectory)
        let joined: (endpoint: PostgresEndpoint, password: SecretBytes)?
        do {
            joined = try SharedDatabase.joined(vault: vault, dataKey: key)
        } catch .noPIN {
            // An older installation's PIN hash, with no key file yet: nothing is shared.
            joined = nil
        } catch {
            throw StoreError.cannotOpen(path: vault.fileURL.path, reason: error.message)
        }
        sharedEndpoint = joined?.endpoint
        guard let joined else { return }
        let password = joined.password.count == 0 ? nil : joined.password
        let clientKey = try? SharedDatabase.clientKey(vault: vault, dataKey: key)
        let connection = try PostgresConnection(endpoint: joined.endpoint, password: password, clientKey: clientKey)
        try PostgresSchema.prepare(connection)
        sharedConnection = connection
        sharedPassword = password
        sharedClientKey = clientKey
        try listen()
    }

    /// Opens the listening session and tells the app its socket.
    private func listen() throws(StoreError) {
        guard let endpoint = sharedEndpoint else { return }
        let listener = try PostgresConnection(endpoint: endpoint, password: sharedPassword, clientKey: sharedClientKey)
        try listener.execute("LISTEN \(PostgresSchema.channel)")
        self.listener = listener
        onListeningSocket?(listener.socket)
    }

    /// After the server dropped the listening session: listens again and tells the observers
    /// that every table may have changed (what was announced meanwhile is not replayed by
    /// PostgreSQL), so the lists read again.
    ///
    /// - Returns: whether it listens again; false while the server cannot be reached (try
    ///   later), and when no shared database is open (stop trying).
    @discardableResult
    public func resumeListening() -> Bool {
        guard listener == nil, let connection = sharedConnection else { return listener != nil }
        // A server that did not answer a moment ago is not waited for again yet: each try
        // holds the window until connecting gives up.
        guard !connection.isResting else { return false }
        do {
            try listen()
        } catch {
            if case .serverUnavailable(PostgresConnection.noAnswer) = error { connection.rest() }
            return false
        }
        // What this desk saved while the server was away goes first, then the lists read again.
        sendKeptSaves()
        for observer in changeObservers.values { observer(["*"]) }
        return true
    }

    /// Whether a shared database is open but its listening session was lost.
    public var needsToResumeListening: Bool {
        sharedConnection != nil && listener == nil
    }

    /// Calls `body` with the tables another desk changed, each time some are announced.
    ///
    /// - Returns: a token for `stopObservingSharedChanges(_:)`.
    @discardableResult
    public func observeSharedChanges(_ body: @escaping @MainActor (Set<String>) -> Void) -> Int {
        nextObserverToken += 1
        changeObservers[nextObserverToken] = body
        return nextObserverToken
    }

    /// Stops calling an observer.
    public func stopObservingSharedChanges(_ token: Int) {
        changeObservers[token] = nil
    }

    /// Reads what the listening session received and tells the observers which tables other
    /// desks changed; this desk's own changes are skipped. A session the server dropped is
    /// closed (the socket is no longer watched) and every table is reported, so lists read again.
    ///
    /// - Returns: whether the session is still listening.
    @discardableResult
    public func receiveSharedChanges() -> Bool {
        guard let listener else { return false }
        let own = sharedConnection?.serverProcess
        var tables = Set<String>()
        var changed: [String: [RecordID]] = [:]
        let isListening: Bool
        do {
            for notice in try listener.notifications() where notice.senderProcess != own {
                guard let object = try? JSONSerialization.jsonObject(with: Data(notice.payload.utf8)) as? [String: Any],
                      let table = object["table"] as? String else { continue }
                tables.insert(table)
                if let id = (object["id"] as? NSNumber)?.int64Value { changed[table, default: []].append(RecordID(id)) }
            }
            // The server answers another desk: saves kept while it was silent (it never dropped
            // this session, so listening again will not send them) go first.
            if !tables.isEmpty, keptSaveCount > 0, sharedConnection?.isResting == false, sendKeptSaves().sent > 0 {
                tables.insert("*")
            }
            // Only the records named are read again, not the whole lists and search index.
            catchUpSharedStores(changed)
            isListening = true
        } catch {
            listener.close()
            self.listener = nil
            onListeningSocket?(nil)
            tables = ["*"]
            isListening = false
        }
        if !tables.isEmpty {
            for observer in changeObservers.values { observer(tables) }
        }
        return isListening
    }
}
