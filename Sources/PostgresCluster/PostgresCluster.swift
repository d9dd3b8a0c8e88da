import Foundation
import Glibc
import Synchronization

/// A private PostgreSQL cluster for the tests and `pinform-bench`: `initdb` into a fresh
/// temporary folder, the server listening on a Unix socket in that folder (and, given a
/// certificate, with TLS on a free port of both loopback addresses, 127.0.0.1 and ::1, so that
/// `localhost` reaches it whichever its resolver names first — never another address), with password
/// (SCRAM) authentication, stopped on `stop()` (started again by `start()`) or `deinit` — and
/// killed with the process that started it, even when that one crashes. Never a server the
/// tests did not start.
///
/// PostgreSQL refuses to run as root: when the tests run as root (CI), the cluster runs as
/// `nobody`, in a folder under the system's temporary folder that `nobody` owns (CI's checkout,
/// `/root/project`, is one only root can enter).
public final class PostgresCluster: Sendable {
    /// Why a cluster could not be started. Tests fail with it; they never skip.
    public struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong, with the server's words.
        public let description: String
    }

    /// The folder holding the server's socket: libpq's `host`.
    public let socketFolder: String
    /// The superuser's name.
    public let adminUser = "pinform_admin"
    /// The superuser's password (random, per cluster).
    public let adminPassword: String
    /// The port number in the socket file's name, and the TCP port when `tls` was given.
    public let port: Int
    /// Where the server listens over TCP with TLS: `127.0.0.1` (and `::1` on the same port), or
    /// nil for the socket only.
    public let tcpHost: String?

    /// A server certificate and its key (PEM files) for TLS over TCP on localhost.
    public struct TLS: Sendable {
        /// The server's certificate, as the CA signed it.
        public let certificate: String
        /// The server's private key.
        public let key: String
        /// The CA whose client certificates the server accepts (`ssl_ca_file`), or nil.
        public let clientCA: String?
        /// The roles that log in over TCP by client certificate only (`hostssl … cert` in
        /// pg_hba.conf: the certificate's common name must be the role's name); every other role
        /// logs in by password.
        public let certificateRoles: [String]

        /// Files from their paths.
        public init(certificate: String, key: String, clientCA: String? = nil, certificateRoles: [String] = []) {
            self.certificate = certificate
            self.key = key
            self.clientCA = clientCA
            self.certificateRoles = certificateRoles
        }
    }

    private let tlsSettings: [String]
    private let folder: String
    /// The running server; a new one after `start()`.
    private let server: Mutex<Process?> = Mutex(nil)
    private let binaries: String
    private let data: String
    private let asUser: (uid: uid_t, gid: gid_t)?

    /// Creates and starts the cluster; takes a second or two.
    ///
    /// - Parameter tls: a certificate and key to serve TLS with, over TCP on `127.0.0.1` and
    ///   `::1` at a free port (besides the socket); nil for the Unix socket only.
    public init(tls: TLS? = nil) throws {
        binaries = try Self.binaryFolder()
        var template = Array("/tmp/pinform-pg.XXXXXX".utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Unavailable(description: "could not create a folder for the cluster")
        }
        folder = String(cString: created)
        socketFolder = folder + "/socket"
        data = folder + "/data"
        adminPassword = (0..<24).map { _ in String(UInt8.random(in: 0...15), radix: 16) }.joined()
        asUser = try Self.unprivilegedUser()
        try FileManager.default.createDirectory(atPath: socketFolder, withIntermediateDirectories: true)
        let passwordFile = folder + "/password"
        _ = FileManager.default.createFile(atPath: passwordFile, contents: Data(adminPassword.utf8), attributes: [.posixPermissions: 0o600])
        if let asUser {
            for path in [folder, socketFolder, passwordFile] {
                guard chown(path, asUser.uid, asUser.gid) == 0 else {
                    throw Unavailable(description: "could not hand \(path) to the cluster's user")
                }
            }
        }
        try Self.run(binaries + "/initdb", ["-D", data, "-U", adminUser, "--pwfile", passwordFile, "--auth", "scram-sha-256",
                                            "--no-sync", "--no-instructions", "-E", "UTF8", "--locale", "C"], as: asUser)
        unlink(passwordFile)
        if let tls {
            // The server reads its key only when it is its own and no one else's.
            let certificate = folder + "/server.crt", key = folder + "/server.key"
            try FileManager.default.copyItem(atPath: tls.certificate, toPath: certificate)
            try FileManager.default.copyItem(atPath: tls.key, toPath: key)
            chmod(key, 0o600)
            if let asUser {
                for path in [certificate, key] { chown(path, asUser.uid, asUser.gid) }
            }
            port = try Self.freePort()
            tcpHost = "127.0.0.1"
            var settings = ["-c", "listen_addresses=127.0.0.1,::1", "-c", "ssl=on", "-c", "ssl_cert_file=\(certificate)",
                            "-c", "ssl_key_file=\(key)"]
            if let clientCA = tls.clientCA {
                settings += try Self.acceptClientCertificates(from: clientCA, for: tls.certificateRoles, folder: folder,
                                                              data: data, as: asUser)
            }
            tlsSettings = settings
        } else {
            port = 5432
            tcpHost = nil
            tlsSettings = ["-c", "listen_addresses="]
        }
        try start()
    }

    /// Starts the server (again, after `stop()`, on the same data and socket) and waits until it
    /// accepts connections.
    public func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = Self.identity(asUser) + [
            "--pdeathsig", "KILL", binaries + "/postgres", "-D", data, "-k", socketFolder, "-p", String(port),
            "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
            "-c", "shared_buffers=16MB", "-c", "max_connections=40", "-c", "logging_collector=off",
        ] + tlsSettings
        let log = folder + "/server.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        if let asUser { chown(log, asUser.uid, asUser.gid) }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: log)
        try server.withLock { running throws in
            try process.run()
            running = process
        }
        for _ in 0..<200 {
            if (try? Self.run(binaries + "/pg_isready", ["-q", "-h", socketFolder, "-p", String(port)], as: nil)) != nil { return }
            guard server.withLock({ $0?.isRunning ?? false }) else { break }
            usleep(25_000)
        }
        let words = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        stop()
        throw Unavailable(description: "postgres did not start: \(words)")
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Stops the server (fast shutdown: sessions are ended); its folder goes with this object.
    public func stop() {
        server.withLock { process in
            guard let process else { return }
            if process.isRunning {
                kill(process.processIdentifier, SIGINT)
            }
            process.waitUntilExit()
        }
    }

    /// Runs SQL as the superuser through `psql`, e.g. to create a role, and returns its output.
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binaries + "/psql")
        process.arguments = ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socketFolder, "-p", String(port),
                             "-U", adminUser, "-d", database, "-c", sql]
        var environment = ProcessInfo.processInfo.environment
        environment["PGPASSWORD"] = adminPassword
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let failure = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Unavailable(description: "psql failed: \(String(decoding: failure, as: UTF8.self))")
        }
        return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Creates a database owned by `owner` (the superuser when nil).
    public func createDatabase(_ name: String, owner: String? = nil) throws {
        try psql("CREATE DATABASE \"\(name)\"" + (owner.map { " OWNER \"\($0)\"" } ?? ""))
    }

    /// A TCP port that nothing listens on now on 127.0.0.1 nor on ::1: the kernel's choice on
    /// one, tried on the other.
    private static func freePort() throws -> Int {
        for _ in 0..<20 {
            guard let port = bindIPv4(port: 0) else { break }
            if bindIPv6(port: port) != nil { return port }
        }
        throw Unavailable(description: "could not find a port free on both 127.0.0.1 and ::1")
    }

    /// Binds a socket to 127.0.0.1 at `port` (0: any) and closes it; the port, or nil.
    private static func bindIPv4(port: Int) -> Int? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
    }

    /// Binds a socket to ::1 at `port` and closes it; the port, or nil.
    private static func bindIPv6(port: Int) -> Int? {
        let socket = Glibc.socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        address.sin6_port = UInt16(port).bigEndian
        let length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 }
        }
        return bound ? port : nil
    }

    private static func binaryFolder() throws -> String {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
        guard let newest = versions.last, FileManager.default.isExecutableFile(atPath: "\(root)/\(newest)/bin/initdb") else {
            throw Unavailable(description: "PostgreSQL's server is not installed (apt install postgresql)")
        }
        return "\(root)/\(newest)/bin"
    }

    /// `nobody` when running as root (PostgreSQL refuses root), else nil: the current user.
    private static func unprivilegedUser() throws -> (uid: uid_t, gid: gid_t)? {
        guard geteuid() == 0 else { return nil }
        guard let entry = getpwnam("nobody") else { throw Unavailable(description: "there is no user nobody to run the cluster as") }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }

    private static func identity(_ user: (uid: uid_t, gid: gid_t)?) -> [String] {
        guard let user else { return [] }
        return ["--reuid", String(user.uid), "--regid", String(user.gid), "--clear-groups"]
    }

    private static func run(_ tool: String, _ arguments: [String], as user: (uid: uid_t, gid: gid_t)?) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = identity(user) + [tool] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: "/tmp")
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let failure = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Unavailable(description: "\(tool) failed: \(String(decoding: failure, as: UTF8.self))")
        }
    }
}
