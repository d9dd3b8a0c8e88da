import Foundation
import XCTest
@_spi(Testing) @testable import Storage

/// Drafts beside the records: kept, replaced, listed and removed; sealed with the records' key;
/// and no cause for the record stores to read their caches again.
final class DraftStoreTests: XCTestCase {
    private var temporary: TemporaryDirectory!

    override func setUp() {
        temporary = TemporaryDirectory()
    }

    override func tearDown() {
        temporary = nil
    }

    private var file: URL { temporary.url.appendingPathComponent(Database.fileName) }

    func testADraftIsKeptReplacedListedAndRemoved() throws {
        let database = try Database(at: file)
        defer { database.close() }
        let drafts = DraftStore(database: database)
        XCTAssertNil(try drafts.draft(for: "invoice.new"), "no table yet: no draft")
        XCTAssertEqual(try drafts.keys(startingWith: ""), [])
        try drafts.save(Data("one".utf8), for: "invoice.new")
        try drafts.save(Data("two".utf8), for: "invoice.new")
        try drafts.save(Data("edit".utf8), for: "invoice.edit.7")
        XCTAssertEqual(try drafts.draft(for: "invoice.new"), Data("two".utf8))
        XCTAssertEqual(try drafts.keys(startingWith: "invoice.edit."), ["invoice.edit.7"])
        try drafts.delete("invoice.new")
        XCTAssertNil(try drafts.draft(for: "invoice.new"))
        XCTAssertEqual(try drafts.keys(startingWith: "invoice."), ["invoice.edit.7"])
        // Another connection reads what was committed.
        let other = try Database(at: file)
        defer { other.close() }
        XCTAssertEqual(try DraftStore(database: other).draft(for: "invoice.edit.7"), Data("edit".utf8))
    }

    func testADraftIsSealedWithTheRecordsKey() throws {
        let key = try SecretBytes.random(count: 32)
        let database = try Database(at: file, key: key)
        try DraftStore(database: database).save(Data("Paperweights for ACME".utf8), for: "invoice.new")
        database.close()
        let bytes = try Data(contentsOf: file)
        XCTAssertNil(bytes.range(of: Data("Paperweights".utf8)), "the draft is in the file in plaintext")
        for suffix in ["-wal", "-journal"] {
            if let log = try? Data(contentsOf: URL(fileURLWithPath: file.path + suffix)) {
                XCTAssertNil(log.range(of: Data("Paperweights".utf8)), "the draft is in \(suffix) in plaintext")
            }
        }
        let reopened = try Database(at: file, key: key)
        defer { reopened.close() }
        XCTAssertEqual(try DraftStore(database: reopened).draft(for: "invoice.new"), Data("Paperweights for ACME".utf8))
    }

    func testDraftsDoNotMakeTheStoresReadTheirCachesAgain() throws {
        let database = try Database(at: file)
        defer { database.close() }
        let people = try Fixtures.people(in: database)
        try people.insert(Person(firstName: "Ada", lastName: "Lovelace", age: 36, height: 1.65, email: "ada@example.com"))
        XCTAssertEqual(try people.ids(search: "ada").count, 1)
        let stamp = try XCTUnwrap(people.cacheStamp)
        let drafts = DraftStore(database: database)
        try drafts.save(Data("x".utf8), for: "person.new")
        try drafts.delete("person.new")
        XCTAssertEqual(try people.currentStamp(), stamp, "a draft changed the stores' cache stamp")
        XCTAssertNotNil(people.searchIndex)
        // A record written past the store still counts.
        try database.execute("DELETE FROM person")
        XCTAssertNotEqual(try people.currentStamp(), stamp)
        XCTAssertEqual(try people.ids(search: "ada").count, 0)
    }
}
