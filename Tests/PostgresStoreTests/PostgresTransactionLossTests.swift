import Foundation
import PostgresCluster
import PostgresStore
import Storage
import XCTest

/// A session the server ends in the middle of a transaction: the server rolled back what the
/// transaction did, so what is left of it must not run on a new session as if it were all of
/// it — the transaction throws, and only the next statement after it connects again.
final class PostgresTransactionLossTests: XCTestCase {
    func testASessionLostInsideATransactionIsNotOpenedAgainForTheRestOfIt() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        let connection = try PostgresConnection(endpoint: endpoint, password: SharedServer.secret(cluster.adminPassword))
        try connection.execute("CREATE TABLE steps (step integer NOT NULL)")
        let pid = connection.serverProcess
        var reachedSecond = false
        XCTAssertThrowsError(try connection.transaction { () throws(StoreError) in
            try connection.execute("INSERT INTO steps VALUES (1)")
            _ = try? cluster.psql("SELECT pg_terminate_backend(\(pid))")
            usleep(200_000)
            reachedSecond = true
            try connection.execute("INSERT INTO steps VALUES (2)")
        }) { error in
            guard case StoreError.serverUnavailable = error else { return XCTFail("not said as the server lost: \(error)") }
        }
        XCTAssertTrue(reachedSecond)
        // Not a row of it: the first was rolled back with the session, the second never sent.
        XCTAssertEqual(try connection.execute("SELECT count(*) FROM steps").scalar, "0")
        XCTAssertNotEqual(connection.serverProcess, pid, "the statement after the transaction connects again")
    }
}
