import Foundation
import PostgresCluster
import PostgresStore
import Storage
import XCTest

/// The server decides who may do what: desks connect as their own roles in the groups that
/// `PostgresSchema.setupSQL` makes, and every attempt past those rules — a reader's change, a
/// stranger's read, a forged author, a clerk deleting another's record, a rewritten history —
/// is refused by PostgreSQL itself, not by Pinform.
final class PostgresRightsTests: XCTestCase {
    struct Team {
        let owner: PostgresRecordStore<Bill>
        let endpoint: PostgresEndpoint
        let suffix: String

        func role(_ name: String) -> String { "\(name)_\(suffix)" }

        /// The store of a desk connected as one of the team's roles.
        func desk(_ name: String) throws -> PostgresRecordStore<Bill> {
            var endpoint = endpoint
            endpoint.user = role(name)
            return try SharedServer.desk(endpoint, password: "pw-\(name)")
        }
    }

    /// A database set up by its owner's desk, the administrator's SQL run, and four roles:
    /// `reader` in pinform_readers, `clerk_a` and `clerk_b` in pinform_clerks, `stranger` in neither.
    func team() throws -> Team {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        let owner = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        try cluster.psql(PostgresSchema.setupSQL, database: endpoint.database)
        let suffix = String(endpoint.database.suffix(12))
        let groups = ["reader": PostgresSchema.readers, "clerk_a": PostgresSchema.clerks, "clerk_b": PostgresSchema.clerks,
                      "stranger": nil]
        for (name, group) in groups {
            try cluster.psql("CREATE ROLE \(name)_\(suffix) LOGIN PASSWORD 'pw-\(name)'" + (group.map { " IN ROLE \($0)" } ?? ""))
        }
        try cluster.psql("GRANT CONNECT ON DATABASE \(endpoint.database) TO stranger_\(suffix)")
        return Team(owner: owner, endpoint: endpoint, suffix: suffix)
    }

    func assertRefused<T>(_ body: @autoclosure () throws -> T, _ what: String, line: UInt = #line) {
        XCTAssertThrowsError(try body(), what, line: line) { error in
            guard case .serverRefused? = error as? StoreError else {
                return XCTFail("\(what): \(error), not refused by the server", line: line)
            }
        }
    }

    func testAReaderListsTheRecordsButTheServerRefusesEveryChange() throws {
        let team = try team()
        let id = try team.owner.insert(Bill("2026-001", "Ada"))
        let reader = try team.desk("reader")
        XCTAssertEqual(try reader.list().map(\.model.number), ["2026-001"])
        XCTAssertTrue(reader.isReadOnly)
        XCTAssertThrowsError(try reader.insert(Bill("2026-002", "Bob"))) { error in
            XCTAssertEqual(error as? StoreError, .serverRefused(reason: "this desk’s role “\(team.role("reader"))” may read "
                + "the shared records but not change them; whoever runs the database server can add it to the group pinform_clerks"))
        }
        // Past Pinform, straight to the server: refused there too.
        assertRefused(try reader.connection.execute("INSERT INTO bill (_json) VALUES ('{}')"), "a reader's insert")
        assertRefused(try reader.connection.execute("UPDATE bill SET customer = 'Eve' WHERE id = \(id)"), "a reader's update")
        assertRefused(try reader.connection.execute("DELETE FROM bill WHERE id = \(id)"), "a reader's delete")
        XCTAssertEqual(try team.owner.record(id: id)?.model.customer, "Ada")
    }

    func testARoleInNoGroupReadsNothing() throws {
        let team = try team()
        try team.owner.insert(Bill("2026-001", "Ada"))
        assertRefused(try team.desk("stranger"), "a stranger opening the records")
        var endpoint = team.endpoint
        endpoint.user = team.role("stranger")
        let connection = try PostgresConnection(endpoint: endpoint, password: SharedServer.secret("pw-stranger"))
        assertRefused(try connection.execute("SELECT _json FROM bill"), "a stranger's read")
        assertRefused(try connection.execute("SELECT * FROM _pinform_history"), "a stranger's read of the history")
    }

    func testWhoAddedAndChangedARecordIsSetByTheServerAndCannotBeForged() throws {
        let team = try team()
        let clerkA = try team.desk("clerk_a")
        let clerkB = try team.desk("clerk_b")
        let id = try clerkA.insert(Bill("2026-001", "Ada"))
        var bill = try XCTUnwrap(clerkB.record(id: id))
        bill.model.customer = "Ada Lovelace"
        try clerkB.update(bill.model, basedOn: bill)
        XCTAssertEqual(try XCTUnwrap(team.owner.authors(of: id)).createdBy, team.role("clerk_a"))
        XCTAssertEqual(try XCTUnwrap(team.owner.authors(of: id)).updatedBy, team.role("clerk_b"))
        // Clerk B writes another name, or takes the record over (the WITH CHECK gap a policy
        // on `_created_by` alone would leave): the server refuses.
        assertRefused(try clerkB.connection.execute("UPDATE bill SET _updated_by = '\(team.role("clerk_a"))' WHERE id = \(id)"),
                      "a forged updated_by")
        assertRefused(try clerkB.connection.execute("UPDATE bill SET _created_by = current_user WHERE id = \(id)"),
                      "taking over another desk's record")
        assertRefused(try clerkB.connection.execute(
            "INSERT INTO bill (_json, _created_by, _updated_by) VALUES ('{}', '\(team.role("clerk_a"))', '\(team.role("clerk_a"))')"
        ), "a record added in another desk's name")
        XCTAssertEqual(try XCTUnwrap(team.owner.authors(of: id)).createdBy, team.role("clerk_a"))
        XCTAssertEqual(try XCTUnwrap(team.owner.authors(of: id)).updatedBy, team.role("clerk_b"))
        XCTAssertEqual(try team.owner.count(), 1)
    }

    func testAClerkDeletesOnlyTheRecordsItAdded() throws {
        let team = try team()
        let clerkA = try team.desk("clerk_a")
        let clerkB = try team.desk("clerk_b")
        let ofA = try clerkA.insert(Bill("2026-001", "Ada"))
        let ofB = try clerkB.insert(Bill("2026-002", "Bob"))
        XCTAssertThrowsError(try clerkB.delete(ids: [ofB, ofA])) { error in
            XCTAssertEqual(error as? StoreError, .serverRefused(
                reason: "only the desk that added a record, or the database’s owner, may delete it; nothing was deleted"))
        }
        XCTAssertEqual(try team.owner.count(), 2, "all or none: B's own record stays too")
        XCTAssertEqual(try clerkB.connection.execute("DELETE FROM bill WHERE id = \(ofA)").affected, 0,
                       "row-level security hides another desk's record from DELETE")
        XCTAssertTrue(try clerkB.delete(id: ofB))
        XCTAssertTrue(try team.owner.delete(id: ofA), "the owner deletes any record")
        XCTAssertEqual(try team.owner.count(), 0)
    }

    func testEveryChangeIsInTheHistoryAndNoDeskRewritesIt() throws {
        let team = try team()
        let clerkA = try team.desk("clerk_a")
        let clerkB = try team.desk("clerk_b")
        let id = try clerkA.insert(Bill("2026-001", "Ada"))
        var bill = try XCTUnwrap(clerkB.record(id: id))
        bill.model.paid = true
        try clerkB.update(bill.model, basedOn: bill)
        XCTAssertTrue(try clerkA.delete(id: id))
        let history = try clerkA.history(of: id)
        XCTAssertEqual(history.map(\.kind), [.insert, .update, .delete])
        XCTAssertEqual(history.map(\.by), [team.role("clerk_a"), team.role("clerk_b"), team.role("clerk_a")])
        let decoder = JSONDecoder()
        XCTAssertEqual(try history[1].before.map { try decoder.decode(Bill.self, from: $0) }?.paid, false)
        XCTAssertEqual(try history[1].after.map { try decoder.decode(Bill.self, from: $0) }?.paid, true)
        XCTAssertNil(history[0].before)
        XCTAssertNil(history[2].after)
        XCTAssertLessThan(abs(history[0].at.timeIntervalSinceNow), 60)
        assertRefused(try clerkB.connection.execute("UPDATE _pinform_history SET changed_by = 'nobody'"), "rewriting the history")
        assertRefused(try clerkB.connection.execute("DELETE FROM _pinform_history"), "deleting the history")
        assertRefused(try clerkB.connection.execute(
            "INSERT INTO _pinform_history (table_name, record_id, operation, changed_by) VALUES ('bill', 1, 'insert', 'x')"
        ), "writing history by hand")
        XCTAssertEqual(try clerkA.history(of: id).count, 3)
    }
}
