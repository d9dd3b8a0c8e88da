import Foundation
import PostgresCluster
@testable import PostgresStore
import Storage
import XCTest

/// The records a desk read are kept only while the table's stamp stays the same: another
/// desk's change, one in plain SQL, and a change rolled back are each read afresh.
final class PostgresRecordCacheTests: XCTestCase {
    private func bill(_ customer: String) -> Bill {
        Bill("B-1", customer)
    }

    func testAKeptRecordIsReadAgainOnceAnyoneChangedTheTable() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        let deskA = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        let deskB = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        let id = try deskA.insert(bill("Ada"))
        let other = try deskA.insert(bill("Grace"))
        XCTAssertEqual(try deskA.records(ids: [id, other]).map(\.model.customer), ["Ada", "Grace"])
        XCTAssertNotNil(deskA.recordCache[id], "read records are kept at the stamp")

        try deskB.update(bill("Ada B"), id: id)
        XCTAssertEqual(try deskA.record(id: id)?.model.customer, "Ada B", "another desk's change is read, not the kept record")

        try cluster.psql("UPDATE bill SET _json = jsonb_set(_json, '{customer}', '\"Grace SQL\"') WHERE id = \(other.rawValue)",
                         database: endpoint.database)
        XCTAssertEqual(try deskA.records(ids: [id, other]).map(\.model.customer), ["Ada B", "Grace SQL"])

        // Inside a transaction nothing is kept: what it read is gone once it is rolled back.
        let connection = deskA.connection
        _ = try? connection.transaction { () throws(StoreError) in
            try connection.execute("UPDATE bill SET _json = jsonb_set(_json, '{customer}', '\"Rolled back\"') WHERE id = $1::bigint",
                                   [id.description])
            XCTAssertEqual(try deskA.record(id: id)?.model.customer, "Rolled back")
            throw StoreError.busy(path: "rolled back on purpose")
        }
        XCTAssertEqual(try deskA.record(id: id)?.model.customer, "Ada B")
        _ = try deskB.delete(ids: [other])
        XCTAssertEqual(try deskA.records(ids: [id, other]).map(\.id), [id], "a record another desk deleted is gone")
    }
}
