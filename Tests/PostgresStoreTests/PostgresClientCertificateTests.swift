import Foundation
import PostgresCluster
import PostgresStore
import Storage
import XCTest

/// A desk that logs in by client certificate (`hostssl … cert`, verify-full): its key reaches
/// libpq through a memory-only file, filled only while connecting, and a certificate the server
/// does not accept is refused in plain words.
final class PostgresClientCertificateTests: XCTestCase {
    private static let role = "desk_cert"

    /// A key file's bytes in locked memory, as the vault hands the sealed key out.
    private func key(_ issued: TestCertificateAuthority.Issued) throws -> SecretBytes {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: issued.key)))
        return try bytes.withUnsafeBufferPointer { try SecretBytes(copying: $0) }
    }

    private func endpoint(_ cluster: PostgresCluster, _ authority: TestCertificateAuthority,
                          certificate: TestCertificateAuthority.Issued) -> PostgresEndpoint {
        PostgresEndpoint(host: "localhost", port: cluster.port, database: "postgres", user: Self.role,
                         caFile: authority.certificate, certificateFile: certificate.certificate)
    }

    /// The memory files holding the key now: (name, size) of each of this process's memfds.
    private func keyFiles() -> [(String, Int)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.compactMap { entry in
            let path = "/proc/self/fd/" + entry
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path),
                  target.contains("pinform-client-key") else { return nil }
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return (target, Int(info.st_size))
        }
    }

    func testADeskLogsInByItsCertificateAndTheKeyIsInNoFileOnceConnected() throws {
        let authority = try TestCertificateAuthority()
        let cluster = try PostgresCluster(tls: authority.serverTLS(certificateRoles: [Self.role]))
        try cluster.psql("CREATE ROLE \(Self.role) LOGIN")
        let issued = try authority.clientCertificate(for: Self.role)
        let connection = try PostgresConnection(endpoint: endpoint(cluster, authority, certificate: issued), clientKey: key(issued))
        XCTAssertEqual(try connection.execute("SELECT current_user").scalar, Self.role)
        XCTAssertEqual(try connection.execute("SELECT ssl::text || ' ' || client_dn FROM pg_stat_ssl WHERE pid = pg_backend_pid()").scalar,
                       "true /CN=\(Self.role)")
        let files = keyFiles()
        XCTAssertEqual(files.count, 1, "one memory file, kept open (empty) for a reconnection: \(files)")
        XCTAssertEqual(files.first?.1, 0, "the key is wiped from the memory file once connected")
        XCTAssertFalse(connection.endpoint.description.contains("sslkey"), connection.endpoint.description)

        // The server ends the session: the next statement connects again, the key filled for it.
        try cluster.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '\(Self.role)'")
        usleep(100_000)
        XCTAssertEqual(try connection.execute("SELECT current_user").scalar, Self.role)
        XCTAssertEqual(keyFiles().first?.1, 0, "wiped again after reconnecting")
        connection.close()
        XCTAssertTrue(keyFiles().isEmpty, "the memory file goes with the connection")
    }

    func testACertificateFromAnotherAuthorityOrForAnotherRoleIsRefusedInPlainWords() throws {
        let authority = try TestCertificateAuthority()
        let stranger = try TestCertificateAuthority(name: "other-ca")
        let cluster = try PostgresCluster(tls: authority.serverTLS(certificateRoles: [Self.role]))
        try cluster.psql("CREATE ROLE \(Self.role) LOGIN")

        let foreign = try stranger.clientCertificate(for: Self.role)
        XCTAssertThrowsError(try PostgresConnection(endpoint: endpoint(cluster, authority, certificate: foreign), clientKey: key(foreign))) { error in
            guard case .serverRefused(let reason)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("not issued by the certificate authority the server accepts"), reason)
        }
        let otherRole = try authority.clientCertificate(for: "someone_else")
        XCTAssertThrowsError(try PostgresConnection(endpoint: endpoint(cluster, authority, certificate: otherRole), clientKey: key(otherRole))) { error in
            guard case .serverRefused(let reason)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("not for the role “\(Self.role)”"), reason)
        }
        let mine = try authority.clientCertificate(for: Self.role)
        XCTAssertThrowsError(try PostgresConnection(endpoint: endpoint(cluster, authority, certificate: mine), clientKey: key(otherRole))) { error in
            guard case .serverRefused(let reason)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("does not belong to the client certificate"), reason)
        }
        var noCertificate = endpoint(cluster, authority, certificate: mine)
        noCertificate.certificateFile = nil
        XCTAssertThrowsError(try PostgresConnection(endpoint: noCertificate)) { error in
            guard case .serverRefused(let reason)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("only with a client certificate"), reason)
        }
        XCTAssertThrowsError(try PostgresConnection(endpoint: endpoint(cluster, authority, certificate: mine))) { error in
            guard case .serverRefused(let reason)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("has no key"), reason)
        }
        XCTAssertTrue(keyFiles().isEmpty, "no memory file stays after a refused connection: \(keyFiles())")
    }

    func testAnAddressNamesTheCertificateButNeverAKeyFile() throws {
        let endpoint = try PostgresEndpoint(parsing: "postgresql://desk1@db.example/records?sslcert=/home/desk/desk1.crt")
        XCTAssertEqual(endpoint.certificateFile, "/home/desk/desk1.crt")
        XCTAssertEqual(try PostgresEndpoint(parsing: endpoint.description), endpoint)
        XCTAssertThrowsError(try PostgresEndpoint(parsing: "postgresql://desk1@db.example/records?sslcert=/a.crt&sslkey=/a.key")) { error in
            XCTAssertEqual(error as? PostgresEndpoint.ParseError, .keyInAddress)
        }
    }
}
