import Foundation
import PostgresCluster
import PostgresStore
import Storage
import XCTest

/// A desk reaches a server over TCP only with TLS verified (`sslmode=verify-full`) against the
/// CA the person chose: a private cluster serves a certificate signed by a CA made with openssl
/// in the test's folder; a certificate from any other CA, or one for another host name, is refused.
final class PostgresTLSTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "openssl \(arguments.joined(separator: " "))")
    }

    /// A self-signed CA named `name`: its certificate and key files.
    private func authority(_ name: String) throws -> (certificate: String, key: String) {
        try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=\(name)",
                     "-keyout", "\(name).key", "-out", "\(name).crt"])
        return (folder.appendingPathComponent("\(name).crt").path, folder.appendingPathComponent("\(name).key").path)
    }

    /// A server certificate for `localhost` (and no other name) signed by `authority`.
    private func serverCertificate(signedBy authority: (certificate: String, key: String)) throws -> PostgresCluster.TLS {
        try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "server.key", "-out", "server.csr"])
        try "subjectAltName=DNS:localhost\n".write(to: folder.appendingPathComponent("san.ext"), atomically: true, encoding: .utf8)
        try openssl(["x509", "-req", "-in", "server.csr", "-CA", authority.certificate, "-CAkey", authority.key,
                     "-CAcreateserial", "-days", "2", "-extfile", "san.ext", "-out", "server.crt"])
        return PostgresCluster.TLS(certificate: folder.appendingPathComponent("server.crt").path,
                                   key: folder.appendingPathComponent("server.key").path)
    }

    /// The private cluster serves TLS on both loopback addresses, so that `localhost` reaches it
    /// whichever the resolver names first (Debian 13's /etc/hosts names ::1 too).
    func testTheServerIsReachedWithTLSOverIPv4AndIPv6() throws {
        let clinic = try authority("clinic-ca")
        let cluster = try PostgresCluster(tls: serverCertificate(signedBy: clinic))
        defer { cluster.stop() }
        let password = try SharedServer.secret(cluster.adminPassword)
        for address in ["127.0.0.1", "::1"] {
            // verify-ca: the chain is checked; the certificate names localhost, not the address.
            let endpoint = PostgresEndpoint(host: address, port: cluster.port, database: "postgres", user: cluster.adminUser,
                                            sslMode: "verify-ca", caFile: clinic.certificate)
            let connection = try PostgresConnection(endpoint: endpoint, password: password)
            XCTAssertEqual(try connection.execute("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").scalar, "t", address)
            XCTAssertEqual(try connection.execute("SELECT host(inet_client_addr())").scalar, address)
            connection.close()
        }
    }

    func testAServerWhoseCertificateTheChosenCASignedIsReachedEncryptedAndAnyOtherIsRefused() throws {
        let clinic = try authority("clinic-ca")
        let stranger = try authority("other-ca")
        let cluster = try PostgresCluster(tls: serverCertificate(signedBy: clinic))
        let password = try SharedServer.secret(cluster.adminPassword)
        let verified = PostgresEndpoint(host: "localhost", port: cluster.port, database: "postgres", user: cluster.adminUser,
                                        caFile: clinic.certificate)
        XCTAssertNil(verified.sslMode, "verify-full unless the address says otherwise")
        let connection = try PostgresConnection(endpoint: verified, password: password)
        XCTAssertEqual(try connection.execute("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").scalar, "t")
        try PostgresSchema.prepare(connection)
        connection.close()

        var otherCA = verified
        otherCA.caFile = stranger.certificate
        XCTAssertThrowsError(try PostgresConnection(endpoint: otherCA, password: password)) { error in
            guard case .serverUnavailable(let reason)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("certificate verify failed"), reason)
        }
        var otherName = verified
        otherName.host = "127.0.0.1"
        XCTAssertThrowsError(try PostgresConnection(endpoint: otherName, password: password)) { error in
            guard case .serverUnavailable(let reason)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("does not match host name"), reason)
        }
    }
}
