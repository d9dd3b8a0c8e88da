import Foundation

/// Where a shared database is: a host and port (TLS verified against a CA file the person
/// chose, `sslmode=verify-full` unless the address says otherwise) or a Unix socket folder, the
/// database and the role. It never holds a password: that is sealed in the key file under the
/// PIN and handed to libpq apart (`PostgresConnection`).
///
/// ```swift
/// let shared = try PostgresEndpoint(parsing: "postgresql://desk1@db.clinic.example/records")
/// let local = try PostgresEndpoint(parsing: "/run/postgresql")   // a Unix socket folder
/// ```
public struct PostgresEndpoint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A host name or address, or an absolute folder holding the server's Unix socket.
    public var host: String
    /// The TCP port, or the number in the socket file's name; nil is 5432.
    public var port: Int?
    /// The database's name.
    public var database: String
    /// The role to connect as; nil is the system user's name.
    public var user: String?
    /// libpq's `sslmode`; nil is `verify-full` over TCP and nothing over a socket.
    public var sslMode: String?
    /// The CA certificate file the server's certificate must chain to (`sslrootcert`).
    public var caFile: String?
    /// This desk's client certificate (PEM, `sslcert`), for a server that authenticates by
    /// certificate; its private key is sealed under the PIN, never named here.
    public var certificateFile: String?

    /// The database a bare socket folder or host name means.
    public static let defaultDatabase = "pinform"

    /// An endpoint from its parts.
    public init(host: String, port: Int? = nil, database: String = Self.defaultDatabase, user: String? = nil,
                sslMode: String? = nil, caFile: String? = nil, certificateFile: String? = nil) {
        self.host = host
        self.port = port
        self.database = database
        self.user = user
        self.sslMode = sslMode
        self.caFile = caFile
        self.certificateFile = certificateFile
    }

    /// Whether the server is reached through a Unix socket in a folder.
    public var isSocket: Bool { host.hasPrefix("/") }

    /// Reads `postgresql://[user@]host[:port][/database][?sslmode=…&sslrootcert=…&sslcert=…&host=/socket/folder]`
    /// or an absolute socket folder.
    ///
    /// - Throws: `PostgresEndpoint.ParseError` for anything else, and for an address with a
    ///   password or a key file in it (neither goes in an address: Pinform asks for them and
    ///   seals them).
    public init(parsing text: String) throws(ParseError) {
        if text.hasPrefix("/") {
            self.init(host: text)
            return
        }
        guard let components = URLComponents(string: text),
              components.scheme == "postgresql" || components.scheme == "postgres" else {
            throw ParseError.notAnAddress(text)
        }
        guard components.password == nil else { throw ParseError.passwordInAddress }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        guard query["sslkey"] == nil else { throw ParseError.keyInAddress }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let host = query["host"] ?? components.host ?? ""
        guard !host.isEmpty else { throw ParseError.notAnAddress(text) }
        self.init(
            host: host,
            port: components.port ?? query["port"].flatMap { Int($0) },
            database: path.isEmpty ? Self.defaultDatabase : path,
            user: components.user.flatMap { $0.isEmpty ? nil : $0 } ?? query["user"],
            sslMode: query["sslmode"],
            caFile: query["sslrootcert"],
            certificateFile: query["sslcert"]
        )
    }

    /// The address, without any secret: for messages and settings.
    public var description: String {
        if isSocket {
            var text = "postgresql:///\(database)?host=\(host)"
            if let port { text += "&port=\(port)" }
            if let user { text += "&user=\(user)" }
            return text
        }
        var text = "postgresql://" + (user.map { $0 + "@" } ?? "") + host + (port.map { ":\($0)" } ?? "") + "/" + database
        var options: [String] = []
        if let sslMode { options.append("sslmode=\(sslMode)") }
        if let caFile { options.append("sslrootcert=\(caFile)") }
        if let certificateFile { options.append("sslcert=\(certificateFile)") }
        if !options.isEmpty { text += "?" + options.joined(separator: "&") }
        return text
    }

    /// libpq's connection keywords and values (no password).
    var connectionParameters: [(key: String, value: String)] {
        var pairs: [(key: String, value: String)] = [("host", host), ("dbname", database)]
        if let port { pairs.append(("port", String(port))) }
        if let user { pairs.append(("user", user)) }
        if !isSocket {
            pairs.append(("sslmode", sslMode ?? "verify-full"))
            if let caFile { pairs.append(("sslrootcert", caFile)) }
            if let certificateFile { pairs.append(("sslcert", certificateFile)) }
            // A connection whose other end vanished without a word (a cable pulled, a router
            // restarted) is found by TCP's keepalives within about a minute — the listening
            // session, which sends nothing, would otherwise wait for announcements for ever.
            pairs += [("keepalives", "1"), ("keepalives_idle", "30"), ("keepalives_interval", "10"), ("keepalives_count", "3")]
        }
        pairs.append(("application_name", "pinform"))
        // Connecting waits as long as a statement does (`PostgresConnection.answerDeadline`).
        pairs.append(("connect_timeout", String(PostgresConnection.answerDeadline.components.seconds)))
        // Never read a password file or service file behind the person's back.
        // A name that can never exist (no descriptor -1): libpq skips it without a word, where
        // /dev/null made it warn on stderr at each connection without a password (a certificate).
        pairs.append(("passfile", "/proc/self/fd/-1"))
        return pairs
    }

    /// Why an address could not be read.
    public enum ParseError: Error, Equatable, Sendable {
        /// Not a `postgresql://` address nor an absolute socket folder.
        case notAnAddress(String)
        /// The address holds a password, which belongs sealed under the PIN instead.
        case passwordInAddress
        /// The address names a key file (`sslkey`): the key belongs sealed under the PIN instead.
        case keyInAddress
    }
}
