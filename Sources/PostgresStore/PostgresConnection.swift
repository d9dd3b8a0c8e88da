#if canImport(Glibc)
import Glibc
#endif
internal import CPostgres
import Foundation
import Storage

/// One connection to a shared PostgreSQL database through libpq, used by one thread.
///
/// Every statement runs through `PQsendQueryParams` with its values as parameters, never spliced
/// into the SQL text; identifiers are checked and quoted by the caller. The password is handed
/// to libpq as a connection parameter from locked memory, never as part of a connection string,
/// so it is in no URL, log line or process argument. A client certificate's key reaches libpq
/// through a memory-only file, filled only while connecting (`ClientKeyFile`). Closing (or
/// `deinit`) ends the session. No statement waits longer than its deadline (`answerDeadline`):
/// a server that does not answer is treated as a lost connection.
public final class PostgresConnection {
    /// The longest name (of a table, a column) the server keeps whole, in bytes: it cuts a
    /// longer one (`NAMEDATALEN` − 1) with only a notice, and the cut name is not the one asked
    /// for when the store looks for its columns again.
    static let longestName = 63
    /// The longest table name a store takes: its triggers are named after it, the longest
    /// "<table>_versioned", and must be kept whole too.
    static let longestTable = longestName - "_versioned".utf8.count

    /// Where the connection goes (no password in it).
    public let endpoint: PostgresEndpoint
    private var handle: OpaquePointer?
    /// libpq, opened at the first connection (`LibPQ`).
    let libpq: LibPQ
    /// The client key's memory file, empty between connections, while a key was given.
    private var keyFile: ClientKeyFile?
    /// How many `transaction` bodies are running: a session lost inside one is not opened again
    /// until the transaction has ended (its rest would run outside any transaction).
    private var transactionDepth = 0
    /// Until when a server that did not answer is not asked again (statements throw at once).
    var restingUntil: ContinuousClock.Instant?

    /// How long a statement waits for the server's answer: then the session is dropped, as if
    /// the connection was lost (a server stopped with SIGSTOP, a network that swallows packets).
    /// Connecting waits as long (`connect_timeout`).
    public static let answerDeadline: Duration = .seconds(5)
    /// How long the bulk work waits (`withDeadline(_:_:)`): migrating a table of every record,
    /// a form's records, the schema under its lock while another desk migrates it.
    public static let bulkDeadline: Duration = .seconds(300)
    /// The deadline of the statements sent now.
    public internal(set) var deadline: Duration = answerDeadline
    /// After a statement or a connection attempt got no answer in time, how long the session
    /// throws at once instead of waiting for the server again; a person who saves meanwhile
    /// is not kept waiting a second time.
    public var pauseAfterNoAnswer: Duration = .seconds(15)

    /// Connects, or throws `.serverUnavailable` with libpq's words (or, when libpq itself
    /// cannot be loaded, a sentence saying so; `.serverRefused` in plain words when the server
    /// turned this desk's client certificate down).
    ///
    /// - Parameters:
    ///   - password: the role's password, or nil for peer or certificate authentication.
    ///   - clientKey: the private key (PEM) of the endpoint's `certificateFile`, or nil.
    public init(endpoint: PostgresEndpoint, password: SecretBytes? = nil, clientKey: SecretBytes? = nil) throws(StoreError) {
        self.endpoint = endpoint
        libpq = try LibPQ.shared.get()
        let libpq = libpq
        var pairs = endpoint.connectionParameters
        if let clientKey, endpoint.certificateFile != nil, !endpoint.isSocket {
            let file = try ClientKeyFile(key: clientKey)
            pairs.append(("sslkey", file.path))
            keyFile = file
        } else if endpoint.certificateFile != nil, !endpoint.isSocket {
            throw StoreError.serverRefused(reason: Self.missingKeyReason)
        }
        var keywords = pairs.map { strdup($0.key) }
        var values = pairs.map { strdup($0.value) }
        // The password goes from locked memory to a buffer wiped right after connecting.
        var passwordCopy: UnsafeMutablePointer<CChar>?
        if let password {
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: password.count + 1)
            password.withBytes { bytes in
                if let base = bytes.baseAddress { UnsafeMutableRawPointer(copy).copyMemory(from: base, byteCount: bytes.count) }
            }
            copy[password.count] = 0
            passwordCopy = copy
            keywords.append(strdup("password"))
            values.append(copy)
        }
        keywords.append(nil)
        values.append(nil)
        defer {
            keywords.forEach { free($0) }
            for value in values where value != passwordCopy { free(value) }
            if let passwordCopy, let password {
                explicit_bzero(passwordCopy, password.count + 1)
                passwordCopy.deallocate()
            }
        }
        let connect = { keywords.withUnsafeBufferPointer { keywordPointers in
            values.withUnsafeBufferPointer { valuePointers in
                keywordPointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { keywordPointers in
                    valuePointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { valuePointers in
                        libpq.connectdbParams(keywordPointers.baseAddress, valuePointers.baseAddress, 0)
                    }
                }
            }
        } }
        let connection = keyFile.map { $0.whileFilled(connect) } ?? connect()
        guard let connection, libpq.status(connection) == CONNECTION_OK else {
            let reason = connection.map { libpq.errorMessage($0) } ?? "out of memory"
            libpq.finish(connection)
            throw Self.connectionError(Self.firstLine(reason), endpoint: endpoint)
        }
        handle = connection
        // Statements are sent without blocking and waited for with a deadline (`answer(on:by:)`).
        _ = libpq.setNonblocking(connection, 1)
        try configureSession()
    }

    /// The client's own words are English and its dates ISO, whatever the server's defaults.
    private func configureSession() throws(StoreError) {
        try execute("SET client_min_messages TO warning")
        try execute("SET datestyle TO ISO, YMD")
        try execute("SET TIME ZONE 'UTC'")
    }

    deinit {
        libpq.finish(handle)
    }

    /// Ends the session; every later use throws `.closed`.
    public func close() {
        libpq.finish(handle)
        handle = nil
        keyFile = nil
    }

    /// Whether the session is open and the server was reachable at its last use.
    public var isOpen: Bool {
        guard let handle else { return false }
        return libpq.status(handle) == CONNECTION_OK
    }

    /// Whether a transaction is open on the session (what it reads may yet be rolled back).
    public var isInTransaction: Bool {
        guard let handle else { return false }
        return libpq.transactionStatus(handle) != PQTRANS_IDLE
    }

    /// The connection's socket, for waiting on notifications in a main loop; -1 when closed.
    public var socket: Int32 {
        handle.map { libpq.socket($0) } ?? -1
    }

    /// Runs one statement with `parameters` as `$1`, `$2`, … (text; nil is SQL `NULL`).
    ///
    /// - Returns: the rows, each value as text or nil for `NULL`.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [String?] = []) throws(StoreError) -> PostgresRows {
        guard let handle else { throw StoreError.closed(path: endpoint.description) }
        // A session the server dropped (restarted, terminated) is opened again before the next
        // statement — never a statement sent twice. Reading what is waiting (without blocking)
        // finds the server's goodbye before anything is sent: the first read takes its message,
        // the second meets the end of the socket.
        for _ in 0..<2 where libpq.status(handle) == CONNECTION_OK {
            _ = libpq.consumeInput(handle)
        }
        if libpq.status(handle) == CONNECTION_BAD {
            // Inside a transaction the server has rolled back what came before: the statements
            // left must not run on a new session as if they were the whole of it.
            guard transactionDepth == 0 else {
                throw StoreError.serverUnavailable(reason: Self.firstLine(libpq.errorMessage(handle)))
            }
            // A server that did not answer a moment ago is not waited for again at once: each
            // statement would hang for the whole `connect_timeout` while the window waits.
            if isResting { throw StoreError.serverUnavailable(reason: Self.noAnswer) }
            keyFile.map { $0.whileFilled { libpq.reset(handle) } } ?? libpq.reset(handle)
            guard libpq.status(handle) == CONNECTION_OK else {
                let reason = Self.firstLine(libpq.errorMessage(handle))
                // libpq's words when `connect_timeout` passed: the server did not answer.
                guard !reason.lowercased().contains("timeout expired") else {
                    rest()
                    throw StoreError.serverUnavailable(reason: Self.noAnswer)
                }
                throw StoreError.serverUnavailable(reason: reason)
            }
            _ = libpq.setNonblocking(handle, 1)
            try configureSession()
        }
        var copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        let sent = copies.withUnsafeMutableBufferPointer { pointers in
            pointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { pointers in
                libpq.sendQueryParams(handle, sql, Int32(parameters.count), nil, pointers.baseAddress, nil, nil, 0)
            }
        }
        guard sent == 1 else {
            throw StoreError.serverUnavailable(reason: Self.firstLine(libpq.errorMessage(handle)))
        }
        let result = try answer(on: handle, by: .now + deadline)
        defer { libpq.clear(result) }
        guard let result else {
            throw StoreError.serverUnavailable(reason: Self.firstLine(libpq.errorMessage(handle)))
        }
        switch libpq.resultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return PostgresRows(result: result, libpq: libpq, affected: Int(libpq.cmdTuples(result).map { String(cString: $0) } ?? "") ?? 0)
        default:
            throw error(of: result)
        }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try execute("BEGIN")
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }

    /// The notifications that arrived, read from the socket without waiting: each channel's
    /// payload, oldest first.
    public func notifications() throws(StoreError) -> [PostgresNotification] {
        guard let handle else { throw StoreError.closed(path: endpoint.description) }
        guard libpq.consumeInput(handle) == 1, libpq.status(handle) == CONNECTION_OK else {
            throw StoreError.serverUnavailable(reason: Self.firstLine(libpq.errorMessage(handle)))
        }
        var received: [PostgresNotification] = []
        while let notice = libpq.notifies(handle) {
            received.append(PostgresNotification(
                channel: String(cString: notice.pointee.relname),
                payload: String(cString: notice.pointee.extra),
                senderProcess: notice.pointee.be_pid
            ))
            libpq.freemem(notice)
        }
        return received
    }

    /// The server process serving this session (its own notifications carry it).
    public var serverProcess: Int32 {
        handle.map { libpq.backendPID($0) } ?? 0
    }

    private func error(of result: OpaquePointer) -> StoreError {
        let state = libpq.resultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        let message = libpq.resultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
            ?? Self.firstLine(libpq.resultErrorMessage(result))
        if let handle, libpq.status(handle) != CONNECTION_OK {
            return .serverUnavailable(reason: message)
        }
        return StoreError.postgres(state: state, message: message, database: endpoint.description)
    }

    static func firstLine(_ text: String) -> String {
        let line = text.split(separator: "\n").first.map(String.init) ?? text
        return line.hasPrefix("FATAL:  ") ? String(line.dropFirst(8)) : line.trimmingCharacters(in: .whitespaces)
    }
}
