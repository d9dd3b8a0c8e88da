import Foundation
import PostgresCluster
@testable import PostgresStore
import Storage
import XCTest

/// The administrator's setup SQL, run as the superuser in a database whose owner is an ordinary
/// role (issue 39, finding 4): it runs nothing the owner made — the owner's redefined functions
/// and look-alikes of built-in ones stay uncalled — and still lets the groups do their work; and
/// a database an older Pinform set up is brought to the guarded schema by its owner's desk.
final class PostgresSetupSQLTests: XCTestCase {
    private struct Owned {
        let cluster: PostgresCluster
        let endpoint: PostgresEndpoint
        let owner: String
        let suffix: String

        /// A connection as `role` (made by `role(_:in:)`).
        func connect(_ role: String) throws -> PostgresConnection {
            var endpoint = endpoint
            endpoint.user = "\(role)_\(suffix)"
            return try PostgresConnection(endpoint: endpoint, password: SharedServer.secret("pw-\(role)"))
        }

        /// A login role in `group`.
        func role(_ name: String, in group: String) throws {
            try cluster.psql("CREATE ROLE \(name)_\(suffix) LOGIN PASSWORD 'pw-\(name)' IN ROLE \(group)")
        }

        /// Whether the owner has become a superuser.
        var ownerIsSuperuser: Bool {
            get throws { try cluster.psql("SELECT rolsuper FROM pg_roles WHERE rolname = '\(owner)'") == "t" }
        }
    }

    /// A fresh database owned by an ordinary login role, `owner_<suffix>` (password `pw-owner`).
    private func ownedDatabase() throws -> Owned {
        let cluster = try SharedServer.cluster.get()
        let suffix = String(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12))
        let owner = "owner_\(suffix)"
        try cluster.psql("CREATE ROLE \(owner) LOGIN PASSWORD 'pw-owner'")
        let name = "test_owned_\(suffix)"
        try cluster.createDatabase(name, owner: owner)
        let endpoint = PostgresEndpoint(host: cluster.socketFolder, port: cluster.port, database: name, user: owner)
        return Owned(cluster: cluster, endpoint: endpoint, owner: owner, suffix: suffix)
    }

    /// A store of bills on `connection`, its schema prepared.
    private func bills(_ connection: PostgresConnection) throws -> PostgresRecordStore<Bill> {
        try PostgresSchema.prepare(connection)
        return try PostgresRecordStore<Bill>(connection: connection, table: "bill", columns: Bill.columns)
    }

    /// The body of a function that makes the database's owner a superuser when the superuser
    /// runs it, then returns `result`.
    private func promoting(_ owned: Owned, returning result: String = "") -> String {
        "BEGIN EXECUTE 'ALTER ROLE \(owned.owner) SUPERUSER'; \(result) END"
    }

    func testTheSetupSQLCallsNoFunctionOfTheOwners() throws {
        let owned = try ownedDatabase()
        let owner = try bills(owned.connect("owner"))
        try PostgresFormDefinitionStore(connection: owner.connection).prepare()
        // What the setup SQL called, redefined by the owner.
        try owner.connection.execute("CREATE OR REPLACE FUNCTION _pinform_secure(target text) RETURNS void "
            + "LANGUAGE plpgsql AS $$ \(promoting(owned)) $$")
        try owner.connection.execute("CREATE OR REPLACE FUNCTION _pinform_secure_forms() RETURNS void "
            + "LANGUAGE plpgsql AS $$ \(promoting(owned)) $$")
        XCTAssertNoThrow(try owned.cluster.psql(PostgresSchema.setupSQL, database: owned.endpoint.database))
        XCTAssertFalse(try owned.ownerIsSuperuser)
    }

    func testTheSetupSQLFindsNoLookAlikeOfABuiltInFunction() throws {
        let owned = try ownedDatabase()
        let owner = try bills(owned.connect("owner"))
        // Closer to a call with text arguments than pg_catalog's format(text, VARIADIC "any"),
        // and doing its work, so that nothing fails where it is called.
        try owner.connection.execute("CREATE FUNCTION public.format(text, text) RETURNS text "
            + "LANGUAGE plpgsql AS $$ \(promoting(owned, returning: "RETURN replace($1, '%I', quote_ident($2));")) $$")
        XCTAssertNoThrow(try owned.cluster.psql(PostgresSchema.setupSQL, database: owned.endpoint.database))
        XCTAssertFalse(try owned.ownerIsSuperuser)
    }

    func testAfterTheSetupSQLAClerksDeskSavesEditsDeletesUndoesAndSearches() throws {
        let owned = try ownedDatabase()
        let owner = try bills(owned.connect("owner"))
        let first = try owner.insert(Bill("2026-001", "Ada"))
        try owned.cluster.psql(PostgresSchema.setupSQL, database: owned.endpoint.database)
        try owned.role("clerk", in: PostgresSchema.clerks)
        try owned.role("reader", in: PostgresSchema.readers)
        let clerk = try bills(owned.connect("clerk"))
        XCTAssertFalse(clerk.isReadOnly)
        let id = try clerk.insert(Bill("2026-002", "Grace"))
        var bill = try XCTUnwrap(clerk.record(id: id))
        bill.model.paid = true
        try clerk.update(bill.model, basedOn: bill)
        try clerk.update(Bill("2026-002", "Grace Hopper", paid: true), id: id)
        XCTAssertEqual(try clerk.ids(search: "hopper"), [id])
        XCTAssertEqual(try owner.ids(search: "hopper"), [id])
        let deleted = try clerk.deleteRecords(ids: [id])
        XCTAssertEqual(try owner.ids(search: "hopper"), [])
        try clerk.restore(deleted)
        XCTAssertEqual(try owner.ids(search: "hopper"), [id])
        XCTAssertEqual(try clerk.history(of: id).map(\.kind), [.insert, .update, .update, .delete, .insert])
        XCTAssertEqual(try XCTUnwrap(owner.authors(of: id)).updatedBy, "clerk_\(owned.suffix)")
        let reader = try bills(owned.connect("reader"))
        XCTAssertTrue(reader.isReadOnly)
        XCTAssertEqual(try reader.list().map(\.id), [first, id])
    }

    func testADatabaseOfSchemaThreeIsBroughtToTheGuardedOneByItsOwner() throws {
        let owned = try ownedDatabase()
        let connection = try owned.connect("owner")
        // As a Pinform of schema 3 set it up, with its groups' grants.
        try owned.cluster.psql("""
            DO $$ BEGIN
                IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(PostgresSchema.clerks)') THEN
                    CREATE ROLE \(PostgresSchema.clerks) NOLOGIN;
                END IF;
            END $$;
            GRANT USAGE ON SCHEMA public TO \(PostgresSchema.clerks);
            """, database: owned.endpoint.database)
        try connection.execute("CREATE TABLE _pinform_schema (version integer NOT NULL)")
        for statement in PostgresSchema.migrations[..<3].joined() {
            try connection.execute(statement)
        }
        try connection.execute("INSERT INTO _pinform_schema (version) VALUES (3)")
        let store = try PostgresRecordStore<Bill>(connection: connection, table: "bill", columns: Bill.columns)
        try owned.role("clerk", in: PostgresSchema.clerks)
        let clerkConnection = try owned.connect("clerk")
        XCTAssertEqual(try clerkConnection.execute("SELECT has_column_privilege('_pinform_tables', 'stamp', 'UPDATE')").scalar, "t",
                       "schema 3 let clerks write the stamp")
        try PostgresSchema.prepare(connection)
        XCTAssertEqual(try connection.execute("SELECT max(version) FROM _pinform_schema").scalar, String(PostgresSchema.supported))
        XCTAssertThrowsError(try clerkConnection.execute("UPDATE _pinform_tables SET stamp = 0")) { error in
            guard case .serverRefused? = error as? StoreError else { return XCTFail("\(error), not refused by the server") }
        }
        let clerk = try bills(clerkConnection)
        let id = try clerk.insert(Bill("2026-001", "Ada"))
        XCTAssertEqual(try store.ids(search: "ada"), [id])
        XCTAssertThrowsError(try clerkConnection.execute("UPDATE bill SET _search = '' WHERE id = \(id)"))
        XCTAssertEqual(try store.history(of: id).map(\.kind), [.insert])
    }
}
