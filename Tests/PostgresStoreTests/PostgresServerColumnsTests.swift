import Foundation
import PostgresCluster
import PostgresStore
import Storage
import XCTest

/// What only the server writes (issue 39, finding 3), each attack played as a clerk on a private
/// cluster: a temporary table that would take the history's or the stamp's writes, a record's
/// columns or search text changed past its JSON (so past the history), an identity, version or
/// time of the clerk's choosing, the table's stamp reset, and saves recorded by roles that are no
/// clerks — each refused by the server, while a clerk's own work goes on.
extension PostgresRightsTests {
    /// A bill's JSON as a clerk would write it by hand.
    private static let handWritten = #"{"number":"x","customer":"Mallory","lines":1,"amount":1,"issued":"2026-12-01","paid":false}"#

    func testATemporaryTableNamedAsTheHistoryDoesNotTakeItsWrites() throws {
        let team = try team()
        let clerk = try team.desk("clerk_a")
        try clerk.connection.execute("""
            CREATE TEMP TABLE _pinform_history (id bigint GENERATED ALWAYS AS IDENTITY, table_name text, record_id bigint,
                operation text, changed_by text, changed_at timestamp with time zone DEFAULT now(), before jsonb, after jsonb,
                record_created timestamp with time zone, record_updated timestamp with time zone)
            """)
        let id = try clerk.insert(Bill("2026-001", "Ada"))
        try clerk.update(Bill("2026-001", "Eve"), id: id)
        XCTAssertEqual(try team.owner.history(of: id).map(\.kind), [.insert, .update])
        XCTAssertEqual(try clerk.connection.execute("SELECT count(*) FROM pg_temp._pinform_history").scalar, "0")
    }

    func testATemporaryTableNamedAsTheTablesDoesNotKeepTheStampFromRising() throws {
        let team = try team()
        let clerk = try team.desk("clerk_a")
        XCTAssertEqual(try team.owner.ids(search: "ada"), [], "the owner's desk holds the search index")
        try clerk.connection.execute("CREATE TEMP TABLE _pinform_tables (name text PRIMARY KEY, layout integer, "
            + "search_fold integer, stamp bigint NOT NULL DEFAULT 0)")
        try clerk.connection.execute("INSERT INTO pg_temp._pinform_tables VALUES ('bill', 1, 1, 0)")
        let id = try clerk.insert(Bill("2026-001", "Ada"))
        XCTAssertEqual(try team.owner.ids(search: "ada"), [id], "the stamp rose, so the owner's desk searched again")
    }

    func testAClerkMayNotResetTheTablesStamp() throws {
        let team = try team()
        let clerk = try team.desk("clerk_a")
        try clerk.insert(Bill("2026-001", "Ada"))
        XCTAssertEqual(try team.owner.ids(search: "bob"), [])
        assertRefused(try clerk.connection.execute("UPDATE _pinform_tables SET stamp = 0 WHERE name = 'bill'"), "resetting the stamp")
        let id = try clerk.insert(Bill("2026-002", "Bob"))
        XCTAssertEqual(try team.owner.ids(search: "bob"), [id])
    }

    func testAClerkChangesNoColumnOfARecordPastItsJSON() throws {
        let team = try team()
        let clerk = try team.desk("clerk_b")
        let id = try team.owner.insert(Bill("2026-001", "Ada"))
        let attacks = [
            ("UPDATE bill SET _search = '' WHERE id = \(id)", "emptying the search text"),
            ("UPDATE bill SET customer = 'Eve' WHERE id = \(id)", "a typed column changed without the record"),
            ("UPDATE bill SET id = 9000 WHERE id = \(id)", "moving a record to another identity"),
            ("UPDATE bill SET _version = 99 WHERE id = \(id)", "another version"),
            ("UPDATE bill SET _created = '2000-01-01' WHERE id = \(id)", "another creation time"),
        ]
        for (sql, what) in attacks {
            assertRefused(try clerk.connection.execute(sql), what)
        }
        XCTAssertEqual(try team.owner.ids(search: "ada"), [id], "the owner's desk still finds it")
        XCTAssertEqual(try team.owner.connection.execute("SELECT customer FROM bill WHERE id = \(id)").scalar, "Ada")
        XCTAssertEqual(try team.owner.version(of: id), 1)
        XCTAssertEqual(try team.owner.history(of: id).map(\.kind), [.insert])
    }

    func testAClerkAddsRecordsOnlyWithTheServersIdentityVersionAndTimes() throws {
        let team = try team()
        let clerk = try team.desk("clerk_a")
        try clerk.insert(Bill("2026-001", "Ada"))
        let json = Self.handWritten
        let attacks = [
            ("id, _json", "9000, '\(json)'", "an identity of its choosing"),
            ("_json, _version", "'\(json)', 99", "a version of its choosing"),
            ("_json, _created", "'\(json)', '2000-01-01'", "a creation time of its choosing"),
            ("_json, _updated", "'\(json)', '2000-01-01'", "a change time of its choosing"),
        ]
        for (columns, values, what) in attacks {
            assertRefused(try clerk.connection.execute("INSERT INTO bill (\(columns)) VALUES (\(values))"), what)
        }
        // Another desk's deleted record taken back with other contents: refused.
        let gone = try team.owner.insert(Bill("2026-002", "Bob"))
        try team.owner.delete(id: gone)
        assertRefused(try clerk.connection.execute("INSERT INTO bill (id, _json) VALUES (\(gone), '\(json)')"),
                      "a deleted record's identity for other contents")
        XCTAssertEqual(try team.owner.list().map(\.model.number), ["2026-001"])
    }

    func testAClerksDeleteIsUndoneWithTheRecordsOwnIdentityAndTimes() throws {
        let team = try team()
        let clerk = try team.desk("clerk_a")
        let id = try clerk.insert(Bill("2026-001", "Ada"))
        let saved = try XCTUnwrap(clerk.record(id: id))
        var deleted = try clerk.deleteRecords(ids: [id])
        XCTAssertEqual(try clerk.count(), 0)
        // The times the desk sends back are not the ones kept: the server's are.
        deleted = deleted.map { DeletedRecord(id: $0.id, json: $0.json, created: 0, updated: 0) }
        try clerk.restore(deleted)
        let back = try XCTUnwrap(team.owner.record(id: id))
        XCTAssertEqual(back.model, saved.model)
        XCTAssertEqual(back.created.timeIntervalSince1970, saved.created.timeIntervalSince1970, accuracy: 0.001)
        XCTAssertEqual(back.updated.timeIntervalSince1970, saved.updated.timeIntervalSince1970, accuracy: 0.001)
        XCTAssertEqual(try team.owner.ids(search: "ada"), [id])
        XCTAssertEqual(try clerk.history(of: id).map(\.kind), [.insert, .delete, .insert])
    }

    func testOnlyClerksRecordTheirSavesIdentities() throws {
        let team = try team()
        let reader = try team.desk("reader")
        assertRefused(try reader.connection.execute("SELECT _pinform_once(gen_random_uuid())"), "a reader's saves recorded")
        var endpoint = team.endpoint
        endpoint.user = team.role("stranger")
        let stranger = try PostgresConnection(endpoint: endpoint, password: SharedServer.secret("pw-stranger"))
        assertRefused(try stranger.execute("SELECT _pinform_once(gen_random_uuid()) FROM generate_series(1, 1000)"),
                      "a stranger filling the saves' table")
        assertRefused(try stranger.execute("SELECT _pinform_hold('bill')"), "a stranger holding the stamp")
        let clerk = try team.desk("clerk_a")
        let save = UUID()
        _ = try clerk.once(save) { () throws(StoreError) in try clerk.insert(Bill("2026-001", "Ada")) }
        XCTAssertThrowsError(try clerk.once(save) { () throws(StoreError) in try clerk.insert(Bill("2026-001", "Ada")) }) { error in
            XCTAssertEqual(error as? StoreError, .alreadySent)
        }
        XCTAssertEqual(try team.owner.connection.execute("SELECT count(*) FROM _pinform_operations").scalar, "1")
    }
}
