import Foundation
import XCTest
@testable import Storage

/// Undo of a delete: `deleteRecords(ids:)` hands back what was stored and `restore(_:)` puts it
/// back as it was.
final class RecordStoreRestoreTests: XCTestCase {
    private var temporary: TemporaryDirectory!

    override func setUp() {
        temporary = TemporaryDirectory()
    }

    override func tearDown() {
        temporary = nil
    }

    private var file: URL { temporary.url.appendingPathComponent(Database.fileName) }

    func testARestoredRecordComesBackWithItsIdentityInItsPlace() throws {
        let store = try Fixtures.people(in: try Database(at: file))
        let ids = try store.insert(contentsOf: [Person("Ada", "Lovelace"), Person("Alan", "Turing"), Person("Grace", "Hopper")])
        let deleted = try store.deleteRecords(ids: [ids[1]])
        XCTAssertEqual(deleted.map(\.id), [ids[1]])
        XCTAssertEqual(try store.ids(), [ids[0], ids[2]])

        try store.restore(deleted)

        XCTAssertEqual(try store.ids(), ids)
        XCTAssertEqual(try store.record(id: ids[1])?.model, Person("Alan", "Turing"))
    }

    func testARestoredRecordKeepsItsTimes() throws {
        let clock = Fixtures.Clock()
        let store = try Fixtures.people(in: try Database.inMemory(), now: clock.now)
        let id = try store.insert(Person("Ada", "Lovelace"))
        try store.update(Person("Ada", "King"), id: id)
        let before = try XCTUnwrap(try store.record(id: id))

        try store.restore(try store.deleteRecords(ids: [id]))

        XCTAssertEqual(try store.record(id: id), before)
    }

    func testARestoredRecordIsFoundBySearchAndSortedByItsColumns() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        let ada = try store.insert(Person("Ada", "Lovelace"))
        let grace = try store.insert(Person("Grace", "Hopper"))
        XCTAssertEqual(try store.ids(search: "love"), [ada])  // the search index is read now
        let deleted = try store.deleteRecords(ids: [ada])
        XCTAssertEqual(try store.ids(search: "love"), [])

        try store.restore(deleted)

        XCTAssertEqual(try store.ids(search: "love"), [ada])
        XCTAssertEqual(try store.ids(sortedBy: .column("last_name")), [grace, ada])
    }

    func testSeveralRecordsAreRestoredTogetherAndNewRecordsStillGetNewIdentities() throws {
        let store = try Fixtures.people(in: try Database(at: file))
        let ids = try store.insert(contentsOf: [Person("A", "A"), Person("B", "B"), Person("C", "C")])
        let deleted = try store.deleteRecords(ids: [ids[2], ids[0], RecordID(99)])
        XCTAssertEqual(deleted.map(\.id), [ids[2], ids[0]])

        try store.restore(deleted)
        let next = try store.insert(Person("D", "D"))

        XCTAssertEqual(try store.ids(), ids + [next])
        XCTAssertGreaterThan(next, ids[2])
    }

    func testRestoringAnIdentityInUseFailsAndRestoresNothing() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        let ids = try store.insert(contentsOf: [Person("A", "A"), Person("B", "B")])
        let deleted = try store.deleteRecords(ids: ids)
        try store.restore([deleted[1]])

        XCTAssertThrowsError(try store.restore(deleted)) { error in
            guard case .constraint? = error as? StoreError else { return XCTFail("got \(error)") }
        }
        XCTAssertEqual(try store.ids(), [ids[1]])
    }
}
