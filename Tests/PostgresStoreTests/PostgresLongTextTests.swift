import Foundation
import PostgresCluster
import PostgresStore
import Storage
import XCTest

/// A long text (a note of 20,000 characters, most of them past the 2,700 bytes a B-tree index
/// entry holds) is saved to the shared table and sorts by its first characters; a table whose
/// index an earlier Pinform made of whole values gets the new one when its owner opens it.
final class PostgresLongTextTests: XCTestCase {
    func testALongNoteIsSavedAndSortsByItsFirstCharacters() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        let store = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        let long = String(repeating: "Zebra crossing, ünïcödé ", count: 850)
        let first = try store.insert(Bill("2026-001", "Ada", notes: long))
        let second = try store.insert(Bill("2026-002", "Alan", notes: "apple"))
        XCTAssertEqual(try store.record(id: first)?.model.notes, long, "kept whole, not cut")
        XCTAssertEqual(try store.list(sortedBy: .column("notes"), ascending: true).map(\.id), [second, first])
    }

    func testAnIndexOfWholeValuesIsMadeAgainByTheOwner() throws {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        _ = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        try cluster.psql("DROP INDEX bill_by_notes; CREATE INDEX bill_by_notes ON bill (lower(notes))", database: endpoint.database)
        let store = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        let definition = try cluster.psql("SELECT pg_get_indexdef('bill_by_notes'::regclass)", database: endpoint.database)
        XCTAssertTrue(definition.contains("left"), definition)
        XCTAssertNoThrow(try store.insert(Bill("2026-003", "Grace", notes: String(repeating: "x", count: 9_000))))
    }
}
