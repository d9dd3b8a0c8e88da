import Foundation
import Glibc

/// A self-signed certificate authority for the tests and their private clusters, made with
/// `openssl` in a fresh temporary folder (removed with this object): it issues the server's
/// certificate for `localhost` and client certificates whose common name is a role's name.
/// Never a key of anyone's but the test's.
public final class TestCertificateAuthority: Sendable {
    /// The folder holding the authority's files and what it issued.
    public let folder: String
    /// The authority's certificate (PEM): the CA a desk chooses, and the one a server accepts.
    public let certificate: String
    private let key: String

    /// A certificate and its private key (PEM files), as issued.
    public struct Issued: Sendable {
        /// The certificate file.
        public let certificate: String
        /// The private key file (unencrypted PEM).
        public let key: String
    }

    /// A new authority named `name` (its common name).
    public init(name: String = "pinform-test-ca") throws {
        folder = NSTemporaryDirectory() + "pinform-ca-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        certificate = folder + "/ca.crt"
        key = folder + "/ca.key"
        try Self.openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=\(name)",
                          "-keyout", key, "-out", certificate], in: folder)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The server's certificate for `localhost` (and no other name), as a cluster's TLS that
    /// accepts this authority's client certificates for `certificateRoles`.
    public func serverTLS(certificateRoles: [String] = []) throws -> PostgresCluster.TLS {
        let issued = try issue(commonName: "localhost", file: "server", extensions: "subjectAltName=DNS:localhost\n")
        return PostgresCluster.TLS(certificate: issued.certificate, key: issued.key, clientCA: certificate,
                                   certificateRoles: certificateRoles)
    }

    /// A client certificate for `role` (its common name) and its key.
    public func clientCertificate(for role: String) throws -> Issued {
        try issue(commonName: role, file: "client-\(role)-\(UUID().uuidString.prefix(8))", extensions: "extendedKeyUsage=clientAuth\n")
    }

    private func issue(commonName: String, file: String, extensions: String) throws -> Issued {
        let base = folder + "/" + file
        try Data(extensions.utf8).write(to: URL(fileURLWithPath: base + ".ext"))
        try Self.openssl(["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=\(commonName)", "-keyout", base + ".key",
                          "-out", base + ".csr"], in: folder)
        try Self.openssl(["x509", "-req", "-in", base + ".csr", "-CA", certificate, "-CAkey", key, "-CAcreateserial",
                          "-days", "2", "-extfile", base + ".ext", "-out", base + ".crt"], in: folder)
        chmod(base + ".key", 0o600)
        return Issued(certificate: base + ".crt", key: base + ".key")
    }

    private static func openssl(_ arguments: [String], in folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let failure = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PostgresCluster.Unavailable(description: "openssl \(arguments.first ?? "") failed: \(String(decoding: failure, as: UTF8.self))")
        }
    }
}
