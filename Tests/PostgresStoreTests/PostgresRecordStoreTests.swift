import Foundation
import PostgresCluster
import PostgresStore
import Storage
import XCTest

final class PostgresRecordStoreTests: XCTestCase {
    func testARecordSavedIsReadBackUpdatedAndDeleted() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        let store = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        let id = try store.insert(Bill("2026-001", "Ada", amount: Decimal(string: "12.50")!, notes: "first"))
        XCTAssertEqual(try store.record(id: id)?.model, Bill("2026-001", "Ada", amount: Decimal(string: "12.50")!, notes: "first"))
        try store.update(Bill("2026-001", "Ada Lovelace", paid: true), id: id)
        XCTAssertEqual(try store.record(id: id)?.model, Bill("2026-001", "Ada Lovelace", paid: true))
        XCTAssertEqual(try store.version(of: id), 2)
        XCTAssertTrue(try store.delete(id: id))
        XCTAssertNil(try store.record(id: id))
        XCTAssertThrowsError(try store.update(Bill("x", "y"), id: id)) { error in
            XCTAssertEqual(error as? StoreError, .notFound(id))
        }
    }

    func testEachModelIsATableWithTypedColumnsThatOtherToolsRead() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        let store = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        try store.insert(Bill("2026-002", "Grace", lines: 3, amount: Decimal(string: "1234.56")!, issued: "2026-02-28", paid: true))
        let types = try cluster.psql(
            "SELECT column_name || ':' || data_type FROM information_schema.columns WHERE table_name = 'bill' "
                + "AND column_name NOT LIKE '\\_%' ORDER BY ordinal_position", database: endpoint.database
        )
        XCTAssertEqual(types.split(separator: "\n"), [
            "id:bigint", "number:text", "customer:text", "lines:bigint", "amount:numeric", "issued:date", "paid:boolean", "notes:text",
        ])
        let row = try cluster.psql("SELECT number, lines + 1, amount * 2, issued + 1, NOT paid, notes IS NULL FROM bill",
                                   database: endpoint.database)
        XCTAssertEqual(row, "2026-002|4|2469.12|2026-03-01|f|t")
    }

    func testValuesAreParametersNeverSQL() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        let store = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        let hostile = "O'Brien'); DROP TABLE bill; --"
        let id = try store.insert(Bill(hostile, "\"quoted\" $1 \\"))
        XCTAssertEqual(try store.record(id: id)?.model.number, hostile)
        XCTAssertEqual(try store.record(id: id)?.model.customer, "\"quoted\" $1 \\")
        XCTAssertEqual(try store.ids(sortedBy: .id, ascending: true, search: "o'brien"), [id])
        XCTAssertEqual(try store.count(matching: nil), 1)
    }

    func testSortingAndSearchingMatchTheLocalStore() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        let store = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        let ids = try store.insert(contentsOf: [Bill("3", "bob"), Bill("1", "Álvaro"), Bill("2", "Carla"), Bill("4", "alice")])
        XCTAssertEqual(try store.ids(sortedBy: "customer", ascending: true, search: nil), [ids[3], ids[0], ids[2], ids[1]])
        XCTAssertEqual(try store.ids(sortedBy: "number", ascending: false, search: nil), [ids[3], ids[0], ids[2], ids[1]])
        XCTAssertEqual(try store.ids(sortedBy: .id, ascending: true, search: "ALVARO"), [])
        XCTAssertEqual(try store.ids(sortedBy: .id, ascending: true, search: "álvaro"), [ids[1]])
        XCTAssertEqual(try store.list(sortedBy: "customer", ascending: true, search: nil, limit: 2, offset: 1).map(\.model.customer),
                       ["bob", "Carla"])
        XCTAssertEqual(try store.count(matching: "a"), 3)
        XCTAssertThrowsError(try store.ids(sortedBy: "nope", ascending: true, search: nil))
    }

    func testDeletedRecordsComeBackWithTheirIdentities() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        let store = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        let ids = try store.insert(contentsOf: [Bill("1", "a"), Bill("2", "b")])
        let deleted = try store.deleteRecords(ids: ids.reversed())
        XCTAssertEqual(deleted.map(\.id), ids.reversed())
        XCTAssertEqual(try store.count(matching: nil), 0)
        try store.restore(deleted)
        XCTAssertEqual(try store.list(sortedBy: .id, ascending: true, search: nil, limit: nil, offset: 0).map(\.model),
                       [Bill("1", "a"), Bill("2", "b")])
        XCTAssertThrowsError(try store.restore(deleted)) { error in
            guard case .constraint? = error as? StoreError else { return XCTFail("\(error)") }
        }
        let next = try store.insert(Bill("3", "c"))
        XCTAssertGreaterThan(next, ids[1], "identities are never reused")
    }

    func testAnotherDesksSaveIsSeenByTheNextRead() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        let deskA = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        let deskB = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        XCTAssertEqual(try deskB.ids(sortedBy: .id, ascending: true, search: "ada"), [])
        let id = try deskA.insert(Bill("1", "Ada"))
        XCTAssertEqual(try deskB.ids(sortedBy: .id, ascending: true, search: "ada"), [id])
        try deskA.update(Bill("1", "Grace"), id: id)
        XCTAssertEqual(try deskB.ids(sortedBy: .id, ascending: true, search: "ada"), [])
        XCTAssertEqual(try deskB.record(id: id)?.model.customer, "Grace")
        _ = try deskB.insert(Bill("2", "Ada"))
        XCTAssertEqual(try deskA.count(matching: "ada"), 1)
    }
}
