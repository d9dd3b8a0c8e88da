import Foundation
import XCTest
@testable import Storage
#if canImport(Glibc)
import Glibc
#endif

/// A record of a defined form as its table keeps it: a JSON object of field values.
private struct Member: Codable, Equatable {
    var name: String
    var phone: String?
    var town: String?

    static let columns: [Column<Member>] = [.text("name", \.name)]
}

/// The definitions of forms made in the app: versioned documents, saved with their records'
/// migration in one transaction, sealed with the records' key, and never half changed by a kill.
final class FormDefinitionStoreTests: XCTestCase {
    private static let childVariable = "PINFORM_FORM_CHANGE_CHILD"

    private func document(_ text: String) -> Data { Data("{\"title\":\"\(text)\"}".utf8) }

    /// The migration of the tests: "phone" becomes "town", keeping the value.
    private static func renamePhone(_ json: Data) throws -> Data {
        var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        object["town"] = object.removeValue(forKey: "phone")
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    func testDefinitionsAreSavedVersionedListedAndDeleted() throws {
        let database = try Database.inMemory()
        let forms = FormDefinitionStore(database: database)
        XCTAssertEqual(try forms.all(), [])
        try forms.save(StoredFormDefinition(id: "member", version: 1, document: document("Member")), records: "form_member")
        try forms.save(StoredFormDefinition(id: "patient", version: 1, document: document("Patient")), records: "form_patient")
        try forms.save(StoredFormDefinition(id: "member", version: 2, document: document("Members")), records: "form_member")
        XCTAssertEqual(try forms.all().map(\.id), ["member", "patient"])
        XCTAssertEqual(try forms.definition(id: "member"), StoredFormDefinition(id: "member", version: 2, document: document("Members")))
        try forms.delete(id: "patient")
        XCTAssertEqual(try forms.all().map(\.id), ["member"])
        XCTAssertNil(try forms.definition(id: "patient"))
    }

    /// Issue 39: a form's columns "f_a" and "F_A" (ids "f-a" and "F-A") trapped the app in the
    /// store's precondition; a wrong layout is refused with a message and nothing is written.
    func testColumnsOfOneNameAndABadTableNameAreRefusedNotTrapped() throws {
        let database = try Database.inMemory()
        let columns: [Column<Member>] = [.text("f_a", \.name), .text("F_A", \.name)]
        XCTAssertThrowsError(try RecordStore<Member>(database: database, table: "form_x", columns: columns)) { error in
            XCTAssertEqual(error as? StoreError, .duplicateColumn(table: "form_x", column: "F_A"))
            XCTAssertEqual((error as? StoreError)?.message,
                           "The records of “form_x” cannot be stored: two of their columns are named “F_A”; nothing was changed.")
        }
        let long = "form_" + String(repeating: "f", count: 60)
        XCTAssertThrowsError(try RecordStore<Member>(database: database, table: long, columns: Member.columns)) { error in
            XCTAssertEqual(error as? StoreError, .invalidTableName(long))
        }
        XCTAssertThrowsError(try FormDefinitionStore(database: database).save(
            StoredFormDefinition(id: "x", version: 1, document: document("X")), records: long)) { error in
            XCTAssertEqual(error as? StoreError, .invalidTableName(long))
        }
        XCTAssertEqual(try FormDefinitionStore(database: database).all(), [])
        XCTAssertTrue(try database.rows("SELECT name FROM sqlite_master WHERE name LIKE 'form_%'").isEmpty)
    }

    func testAVersionThatDoesNotFollowTheStoredOneIsRefusedAndChangesNothing() throws {
        let database = try Database.inMemory()
        let forms = FormDefinitionStore(database: database)
        try forms.save(StoredFormDefinition(id: "member", version: 1, document: document("Member")), records: "form_member")
        XCTAssertThrowsError(try forms.save(StoredFormDefinition(id: "member", version: 1, document: document("Other")),
                                            records: "form_member"))
        XCTAssertThrowsError(try forms.save(StoredFormDefinition(id: "member", version: 3, document: document("Other")),
                                            records: "form_member"))
        XCTAssertEqual(try forms.definition(id: "member")?.document, document("Member"))
    }

    func testAChangeRewritesTheRecordsAndAFailingMigrationKeepsTheOldDefinitionAndRecords() throws {
        let database = try Database.inMemory()
        let forms = FormDefinitionStore(database: database)
        try forms.save(StoredFormDefinition(id: "member", version: 1, document: document("Member")), records: "form_member")
        let store = try RecordStore<Member>(database: database, table: "form_member", columns: Member.columns)
        let ids = try store.insert(contentsOf: [Member(name: "Ada", phone: "1"), Member(name: "Bob", phone: "2")])

        XCTAssertThrowsError(try forms.save(StoredFormDefinition(id: "member", version: 2, document: document("Broken")),
                                            records: "form_member") { json in
            if String(decoding: json, as: UTF8.self).contains("Bob") { throw CocoaError(.coderInvalidValue) }
            return try Self.renamePhone(json)
        })
        XCTAssertEqual(try forms.definition(id: "member")?.version, 1)
        XCTAssertEqual(try store.records(ids: ids).map(\.model), [Member(name: "Ada", phone: "1"), Member(name: "Bob", phone: "2")])

        let rewritten = try forms.save(StoredFormDefinition(id: "member", version: 2, document: document("Member")),
                                       records: "form_member", migrate: Self.renamePhone)
        XCTAssertEqual(rewritten, 2)
        XCTAssertEqual(try store.records(ids: ids).map(\.model), [Member(name: "Ada", town: "1"), Member(name: "Bob", town: "2")])
    }

    func testDefinitionsAreSealedWithTheRecordsKey() throws {
        let temporary = TemporaryDirectory()
        let file = temporary.url.appendingPathComponent(Database.fileName)
        let key = try SecretBytes.random(count: 32)
        let database = try Database(at: file, key: key)
        try FormDefinitionStore(database: database).save(
            StoredFormDefinition(id: "patient", version: 1, document: document("Patient intake of Dr Quimby")), records: "form_patient")
        database.close()
        for suffix in ["", "-wal"] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: file.path + suffix))) ?? Data()
            XCTAssertNil(bytes.range(of: Data("Quimby".utf8)), "the definition is readable in \(Database.fileName)\(suffix)")
        }
        let again = try Database(at: file, key: key)
        XCTAssertEqual(try FormDefinitionStore(database: again).definition(id: "patient")?.document,
                       document("Patient intake of Dr Quimby"))
    }

    /// A change killed while its records are being rewritten leaves the old definition and the
    /// old records; one killed after the commit, the new ones — never a mix.
    func testAChangeKilledMidwayLeavesTheOldDefinitionAndRecordsOrTheNew() throws {
        let executable = try XCTUnwrap(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        for step in ["rewriting", "committed"] {
            let temporary = TemporaryDirectory()
            let file = temporary.url.appendingPathComponent(Database.fileName)
            let database = try Database(at: file)
            try FormDefinitionStore(database: database).save(
                StoredFormDefinition(id: "member", version: 1, document: document("Member")), records: "form_member")
            let store = try RecordStore<Member>(database: database, table: "form_member", columns: Member.columns)
            try store.insert(contentsOf: (1...50).map { Member(name: "Member \($0)", phone: "\($0)") })
            database.close()

            try CrashChild.runUntilKilled(
                executable: executable,
                test: "StorageTests.FormDefinitionStoreTests/testFormChangeChildWhenStartedByTheCrashTest",
                variable: Self.childVariable, folder: temporary.url, step: step)

            let reopened = try Database(at: file)
            XCTAssertEqual(try reopened.integrityCheck(), ["ok"])
            let definition = try XCTUnwrap(try FormDefinitionStore(database: reopened).definition(id: "member"))
            let members = try RecordStore<Member>(database: reopened, table: "form_member", columns: Member.columns).list().map(\.model)
            XCTAssertEqual(members.count, 50, "killed at \(step)")
            if step == "rewriting" {
                XCTAssertEqual(definition.version, 1, "killed while rewriting: the new definition was kept")
                XCTAssertEqual(members, (1...50).map { Member(name: "Member \($0)", phone: "\($0)") }, "killed while rewriting: a mix")
            } else {
                XCTAssertEqual(definition.version, 2, "killed after the commit: the old definition came back")
                XCTAssertEqual(members, (1...50).map { Member(name: "Member \($0)", town: "\($0)") }, "killed after the commit: a mix")
            }
        }
    }

    /// The child: renames "phone" to "town" in a new version of the form, stopping (for the
    /// kill) at the 25th record or after the commit. Does nothing unless started by the test above.
    func testFormChangeChildWhenStartedByTheCrashTest() throws {
        guard let value = ProcessInfo.processInfo.environment[Self.childVariable] else { return }
        let parts = value.split(separator: "\n").map(String.init)
        let file = URL(fileURLWithPath: parts[0], isDirectory: true).appendingPathComponent(Database.fileName)
        func stop(at step: String) -> Never { CrashChild.stop(at: step) }
        let database = try Database(at: file)
        var count = 0
        try FormDefinitionStore(database: database).save(
            StoredFormDefinition(id: "member", version: 2, document: document("Member")), records: "form_member") { json in
            count += 1
            if count == 25, parts[1] == "rewriting" { stop(at: "rewriting") }
            return try Self.renamePhone(json)
        }
        stop(at: "committed")
    }
}
