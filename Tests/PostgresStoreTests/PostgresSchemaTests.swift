import Foundation
import PostgresCluster
import PostgresStore
import Storage
import XCTest

final class PostgresSchemaTests: XCTestCase {
    func testADatabaseANewerPinformSetUpIsRefusedAndLeftAsItWas() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        _ = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        try cluster.psql("UPDATE _pinform_schema SET version = 7", database: endpoint.database)
        let connection = try PostgresConnection(endpoint: endpoint, password: SharedServer.secret(cluster.adminPassword))
        XCTAssertThrowsError(try PostgresSchema.prepare(connection)) { error in
            XCTAssertEqual(error as? StoreError, .sharedSchemaNewer(found: 7, supported: PostgresSchema.supported))
            XCTAssertTrue((error as? StoreError)?.message.contains("newer version of Pinform") == true)
        }
        XCTAssertEqual(try cluster.psql("SELECT version FROM _pinform_schema", database: endpoint.database), "7")
    }

    func testATableANewerLayoutWroteIsRefused() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        _ = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        try cluster.psql("UPDATE _pinform_tables SET layout = 3 WHERE name = 'bill'", database: endpoint.database)
        XCTAssertThrowsError(try SharedServer.desk(endpoint, password: cluster.adminPassword)) { error in
            XCTAssertEqual(error as? StoreError, .sharedSchemaNewer(found: 3, supported: 1))
        }
    }

    func testANewColumnIsAddedAndComputedFromEveryStoredRecord() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        let connection = try PostgresConnection(endpoint: endpoint, password: SharedServer.secret(cluster.adminPassword))
        try PostgresSchema.prepare(connection)
        let older = try PostgresRecordStore<Bill>(connection: connection, table: "bill", columns: Array(Bill.columns.prefix(2)))
        let id = try older.insert(Bill("1", "Ada", lines: 4, paid: true))
        let newer = try PostgresRecordStore<Bill>(connection: connection, table: "bill", columns: Bill.columns)
        XCTAssertEqual(try newer.record(id: id)?.model.lines, 4)
        XCTAssertEqual(try cluster.psql("SELECT lines, paid FROM bill", database: endpoint.database), "4|t")
        XCTAssertEqual(try newer.version(of: id), 1, "computing derived columns is not an edit")
    }

    func testAWrongPasswordIsRefusedWithoutThePasswordInTheMessage() throws {
        let (_, endpoint) = try SharedServer.freshDatabase()
        XCTAssertThrowsError(try PostgresConnection(endpoint: endpoint, password: SharedServer.secret("hunter2-wrong"))) { error in
            guard case .serverUnavailable(let reason)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("password authentication failed"), reason)
            XCTAssertFalse(reason.contains("hunter2"))
        }
    }

    func testAChangeIsAnnouncedWithItsIdentityAndVersionOnly() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        let deskA = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        let listener = try PostgresConnection(endpoint: endpoint, password: SharedServer.secret(cluster.adminPassword))
        try listener.execute("LISTEN \(PostgresSchema.channel)")
        let id = try deskA.insert(Bill("1", "Secret Customer"))
        var received: [PostgresNotification] = []
        for _ in 0..<100 where received.isEmpty {
            received = try listener.notifications()
            if received.isEmpty { usleep(10_000) }
        }
        XCTAssertEqual(received.map(\.payload), [#"{"table" : "bill", "id" : \#(id), "version" : 1}"#])
        XCTAssertEqual(received.first?.senderProcess, deskA.connection.serverProcess)
        XCTAssertFalse(received.contains { $0.payload.contains("Secret") })
    }

    func testAddressesAreReadWithoutAPassword() throws {
        let endpoint = try PostgresEndpoint(parsing: "postgresql://desk1@db.clinic.example:6432/records?sslrootcert=/etc/ca.pem")
        XCTAssertEqual(endpoint, PostgresEndpoint(host: "db.clinic.example", port: 6432, database: "records", user: "desk1",
                                                  caFile: "/etc/ca.pem"))
        XCTAssertEqual(try PostgresEndpoint(parsing: "/run/postgresql").host, "/run/postgresql")
        XCTAssertEqual(try PostgresEndpoint(parsing: "postgresql:///team?host=/tmp/sock").host, "/tmp/sock")
        XCTAssertThrowsError(try PostgresEndpoint(parsing: "postgresql://desk1:hunter2@db/records")) { error in
            XCTAssertEqual(error as? PostgresEndpoint.ParseError, .passwordInAddress)
        }
        XCTAssertThrowsError(try PostgresEndpoint(parsing: "mysql://db/records"))
        XCTAssertFalse(endpoint.description.contains("hunter2"))
    }
}
