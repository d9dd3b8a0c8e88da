import Foundation
import PostgresStore
import Storage
import XCTest

/// A desk catches up with another desk's changes by the identities the notifications carry:
/// the search index is patched, not read whole again, and says what the server holds.
final class PostgresCatchUpTests: XCTestCase {
    func testADeskCatchesUpByTheNotifiedIdentitiesWithoutReadingTheIndexAgain() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        let deskA = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        let deskB = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        let kept = try deskB.insert(Bill("2026-001", "Ada"))
        let gone = try deskB.insert(Bill("2026-002", "Babbage"))
        XCTAssertEqual(try deskA.ids(search: "ada"), [kept])
        XCTAssertEqual(deskA.searchIndexReads, 1)

        let listener = try PostgresConnection(endpoint: endpoint, password: SharedServer.secret(cluster.adminPassword))
        try listener.execute("LISTEN \(PostgresSchema.channel)")
        let added = try deskB.insert(Bill("2026-003", "Grace Hopper"))
        try deskB.update(Bill("2026-001", "Ada Lovelace"), id: kept)
        XCTAssertTrue(try deskB.delete(id: gone))

        var ids: [RecordID] = []
        let deadline = Date().addingTimeInterval(5)
        while ids.count < 3 && Date() < deadline {
            for notice in try listener.notifications() {
                let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(notice.payload.utf8)) as? [String: Any])
                ids.append(RecordID(try XCTUnwrap((object["id"] as? NSNumber)?.int64Value)))
            }
            if ids.count < 3 { usleep(10_000) }
        }
        XCTAssertEqual(Set(ids), [added, kept, gone])

        try deskA.catchUp(changed: ids)
        XCTAssertEqual(try deskA.ids(search: "grace"), [added])
        XCTAssertEqual(try deskA.ids(search: "lovelace"), [kept])
        XCTAssertEqual(try deskA.ids(search: "babbage"), [])
        XCTAssertEqual(try deskA.ids(), [kept, added])
        XCTAssertEqual(try deskA.count(matching: "2026"), 2)
        XCTAssertEqual(deskA.searchIndexReads, 1, "patched by the identities, not read whole again")

        // A change not caught up with (no notification taken): the stamp differs, read whole.
        _ = try deskB.insert(Bill("2026-004", "Lamarr"))
        XCTAssertEqual(try deskA.ids(search: "lamarr").count, 1)
        XCTAssertEqual(deskA.searchIndexReads, 2)
    }
}
