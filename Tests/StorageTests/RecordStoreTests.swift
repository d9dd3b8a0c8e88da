import Foundation
import XCTest
@testable import Storage

final class RecordStoreTests: XCTestCase {
    private var temporary: TemporaryDirectory!

    override func setUp() {
        temporary = TemporaryDirectory()
    }

    override func tearDown() {
        temporary = nil
    }

    private var file: URL { temporary.url.appendingPathComponent(Database.fileName) }

    private func names(_ records: [Record<Person>]) -> [String] {
        records.map { "\($0.model.firstName) \($0.model.lastName)" }
    }

    private func sample() -> Sample {
        Sample(
            text: "Zoë «quoted» \"double\" 'single' %_ \\ 🙂 line\nbreak\u{0}nul",
            optionalText: nil,
            integer: Int.min,
            int64: Int64.max,
            unsigned: UInt64.max,
            optionalInteger: 42,
            double: 0.1 + 0.2,
            float: Float.leastNonzeroMagnitude,
            flag: true,
            date: Date(timeIntervalSinceReferenceDate: 123_456_789.123_456_7),
            optionalDate: nil,
            bytes: Data([0, 1, 2, 254, 255]),
            list: ["", "a,b", "ß"],
            mood: .cheerful,
            address: .init(street: "1 Main St", postcode: nil),
            identifier: UUID(),
            link: URL(string: "https://example.org/a?b=c#d")!,
            decimal: Decimal(string: "12345678901234567890.123456789")!
        )
    }

    // MARK: Round trips

    func testEveryFieldTypeRoundTrips() throws {
        let store = try RecordStore<Sample>(database: try Database(at: file), table: "sample", columns: [.text("text", \.text)])
        let original = sample()
        let id = try store.insert(original)
        XCTAssertEqual(try store.record(id: id)?.model, original)
    }

    func testEveryFieldTypeRoundTripsAfterReopening() throws {
        let original = sample()
        let id = try RecordStore<Sample>(database: try Database(at: file), table: "sample", columns: []).insert(original)
        let reopened = try RecordStore<Sample>(database: try Database(at: file), table: "sample", columns: [])
        XCTAssertEqual(try reopened.record(id: id)?.model, original)
    }

    func testNonFiniteNumbersRoundTrip() throws {
        var original = sample()
        original.double = .infinity
        original.float = -.infinity
        let store = try RecordStore<Sample>(database: try Database.inMemory(), table: "sample", columns: [.real("double", \.double)])
        XCTAssertEqual(try store.record(id: try store.insert(original))?.model, original)
        original.double = .nan
        let restored = try store.record(id: try store.insert(original))?.model
        XCTAssertEqual(restored?.double.isNaN, true)
    }

    func testRecordsCarryTheirInsertionAndUpdateTimes() throws {
        let clock = Fixtures.Clock()
        let store = try Fixtures.people(in: try Database.inMemory(), now: clock.now)
        let id = try store.insert(Person("Ada", "Lovelace"))
        try store.update(Person("Ada", "King"), id: id)
        let record = try XCTUnwrap(try store.record(id: id))
        XCTAssertEqual(record.created, Date(timeIntervalSince1970: 1_700_000_001))
        XCTAssertEqual(record.updated, Date(timeIntervalSince1970: 1_700_000_002))
    }

    // MARK: Writing

    func testIdentitiesIncreaseAndAreNotReusedAfterADelete() throws {
        let store = try Fixtures.people(in: try Database(at: file))
        let first = try store.insert(Person("A", "A"))
        let second = try store.insert(Person("B", "B"))
        try store.delete(id: second)
        let third = try store.insert(Person("C", "C"))
        XCTAssertLessThan(first, second)
        XCTAssertLessThan(second, third)
    }

    func testUpdateReplacesTheModel() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        let id = try store.insert(Person("Ada", "Lovelace"))
        try store.update(Person("Grace", "Hopper"), id: id)
        XCTAssertEqual(try store.record(id: id)?.model, Person("Grace", "Hopper"))
    }

    func testUpdateComputesTheColumnsAgain() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        let ada = try store.insert(Person("Ada", "Lovelace"))
        try store.insert(Person("Grace", "Hopper"))
        try store.update(Person("Ada", "Aaron"), id: ada)
        XCTAssertEqual(names(try store.list(sortedBy: "last_name")), ["Ada Aaron", "Grace Hopper"])
        XCTAssertEqual(try store.count(matching: "lovelace"), 0)
        XCTAssertEqual(try store.count(matching: "aaron"), 1)
    }

    func testUpdatingAMissingRecordFailsAndSavesNothing() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        XCTAssertThrowsError(try store.update(Person("A", "B"), id: RecordID(99))) { error in
            XCTAssertEqual(error as? StoreError, .notFound(RecordID(99)))
        }
        XCTAssertEqual(try store.count(), 0)
    }

    func testDeleteRemovesOnlyThatRecordAndSaysWhetherItExisted() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        let ada = try store.insert(Person("Ada", "Lovelace"))
        let grace = try store.insert(Person("Grace", "Hopper"))
        XCTAssertTrue(try store.delete(id: ada))
        XCTAssertFalse(try store.delete(id: ada))
        XCTAssertNil(try store.record(id: ada))
        XCTAssertEqual(try store.ids(), [grace])
    }

    func testDeletingSeveralRecordsCountsThoseThatExisted() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        let ids = try store.insert(contentsOf: [Person("A", "A"), Person("B", "B"), Person("C", "C")])
        XCTAssertEqual(try store.delete(ids: [ids[0], ids[2], RecordID(99)]), 2)
        XCTAssertEqual(try store.ids(), [ids[1]])
    }

    func testABatchWithOneUnencodableModelSavesNone() throws {
        let store = try RecordStore<Unencodable>(database: try Database.inMemory(), table: "thing", columns: [])
        XCTAssertThrowsError(try store.insert(contentsOf: [.init(name: "fine"), .init(name: "poison")])) { error in
            guard case .encodingFailed? = error as? StoreError else { return XCTFail("got \(error)") }
        }
        XCTAssertEqual(try store.count(), 0)
    }

    func testARecordThatNoLongerDecodesIsReportedWithItsIdentity() throws {
        let database = try Database.inMemory()
        let store = try Fixtures.people(in: database)
        let id = try store.insert(Person("Ada", "Lovelace"))
        try database.execute("UPDATE person SET _json = '{\"firstName\": 1}'")
        XCTAssertThrowsError(try store.record(id: id)) { error in
            guard case .decodingFailed(let failed, _)? = error as? StoreError else { return XCTFail("got \(error)") }
            XCTAssertEqual(failed, id)
        }
    }

    // MARK: Sorting

    func testTextColumnsSortIgnoringCaseInBothDirections() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(contentsOf: [Person("b", "x"), Person("C", "y"), Person("a", "z")])
        XCTAssertEqual(names(try store.list(sortedBy: "first_name")), ["a z", "b x", "C y"])
        XCTAssertEqual(names(try store.list(sortedBy: "first_name", ascending: false)), ["C y", "b x", "a z"])
    }

    func testNumberColumnsSortNumerically() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(contentsOf: [
            Person("ten", "", age: 10, height: 1.9), Person("nine", "", age: 9, height: 1.5),
            Person("hundred", "", age: 100, height: 1.75),
        ])
        XCTAssertEqual(try store.list(sortedBy: "age").map(\.model.age), [9, 10, 100])
        XCTAssertEqual(try store.list(sortedBy: "height").map(\.model.height), [1.5, 1.75, 1.9])
    }

    func testTiesAreBrokenByInsertionOrderInTheSortDirection() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        let ids = try store.insert(contentsOf: [Person("Same", "1"), Person("Same", "2"), Person("Same", "3")])
        XCTAssertEqual(try store.ids(sortedBy: "first_name"), ids)
        XCTAssertEqual(try store.ids(sortedBy: "first_name", ascending: false), ids.reversed())
    }

    func testRecordsSortByUpdateTime() throws {
        let clock = Fixtures.Clock()
        let store = try Fixtures.people(in: try Database.inMemory(), now: clock.now)
        let first = try store.insert(Person("A", "A"))
        let second = try store.insert(Person("B", "B"))
        try store.update(Person("A", "A2"), id: first)
        XCTAssertEqual(try store.ids(sortedBy: .updated), [second, first])
        XCTAssertEqual(try store.ids(sortedBy: .created), [first, second])
    }

    func testSortingByAnUndeclaredColumnFails() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        XCTAssertThrowsError(try store.list(sortedBy: "_json")) { error in
            XCTAssertEqual(error as? StoreError, .unknownColumn("_json"))
        }
    }

    // MARK: Searching

    func testSearchIgnoresCaseBeyondASCII() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(contentsOf: [Person("ÉMILE", "Zola"), Person("Ωmega", "ДОМ"), Person("Other", "One")])
        XCTAssertEqual(names(try store.list(search: "émile")), ["ÉMILE Zola"])
        XCTAssertEqual(names(try store.list(search: "ωMEGA дом")), ["Ωmega ДОМ"])
    }

    func testSearchFindsSubstringsInAnyTextColumn() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(contentsOf: [
            Person("Ada", "Lovelace", email: "ada@example.org"), Person("Grace", "Hopper", email: "grace@navy.mil"),
        ])
        XCTAssertEqual(names(try store.list(search: "ovela")), ["Ada Lovelace"])
        XCTAssertEqual(names(try store.list(search: "NAVY")), ["Grace Hopper"])
    }

    func testSearchTakesPercentUnderscoreQuotesAndBackslashesLiterally() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(contentsOf: [
            Person("100%", "sure"), Person("1000", "x"), Person("snake_case", "y"), Person("snakeXcase", "z"),
            Person("O'Brien", "\"Q\""), Person("back\\slash", "w"),
        ])
        XCTAssertEqual(names(try store.list(search: "0%")), ["100% sure"])
        XCTAssertEqual(names(try store.list(search: "e_c")), ["snake_case y"])
        XCTAssertEqual(names(try store.list(search: "o'b")), ["O'Brien \"Q\""])
        XCTAssertEqual(names(try store.list(search: "\"q\"")), ["O'Brien \"Q\""])
        XCTAssertEqual(names(try store.list(search: "k\\s")), ["back\\slash w"])
        XCTAssertEqual(try store.count(matching: "%"), 1)
        XCTAssertEqual(try store.count(matching: "_"), 1)
    }

    func testEveryWordOfASearchMustOccur() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(contentsOf: [Person("Ada", "Lovelace"), Person("Ada", "Byron"), Person("Grace", "Lovelace")])
        XCTAssertEqual(names(try store.list(search: " lovelace  ada ")), ["Ada Lovelace"])
    }

    func testAWordDoesNotMatchAcrossTwoColumns() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(Person("Ada", "Lovelace"))
        XCTAssertEqual(try store.count(matching: "adalove"), 0)
    }

    func testAnEmptyOrBlankSearchMatchesEverything() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(contentsOf: [Person("A", "A"), Person("B", "B")])
        XCTAssertEqual(try store.count(matching: ""), 2)
        XCTAssertEqual(try store.count(matching: " \t\n"), 2)
        XCTAssertEqual(try store.count(matching: nil), 2)
    }

    func testSearchDoesNotLookAtNumberColumns() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(Person("Ada", "Lovelace", age: 36))
        XCTAssertEqual(try store.count(matching: "36"), 0)
    }

    // MARK: Pages and lazy lists

    func testLimitAndOffsetGiveOnePageOfTheSortedList() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(contentsOf: (0..<10).map { Person("p\($0)", "", age: 10 - $0) })
        XCTAssertEqual(try store.list(sortedBy: "age", limit: 3, offset: 2).map(\.model.age), [3, 4, 5])
    }

    func testIdentitiesMatchTheListInOrder() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(contentsOf: (0..<20).map { Person("p\($0 % 3)", "n\($0 * 7 % 5)") })
        let listed = try store.list(sortedBy: "last_name", ascending: false, search: "p1").map(\.id)
        XCTAssertEqual(try store.ids(sortedBy: "last_name", ascending: false, search: "p1"), listed)
    }

    func testRecordsForIdentitiesKeepTheirOrderAndSkipDeletedOnes() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        let ids = try store.insert(contentsOf: [Person("A", "A"), Person("B", "B"), Person("C", "C")])
        try store.delete(id: ids[1])
        XCTAssertEqual(try store.records(ids: [ids[2], ids[1], ids[0]]).map(\.id), [ids[2], ids[0]])
    }

    // MARK: Column migrations

    private struct Contact: Codable, Equatable {
        var name: String
        var city: String
        var visits: Int
    }

    func testAColumnAddedLaterIsFilledInFromTheStoredRecords() throws {
        let twoColumns: [Column<Contact>] = [.text("name", \.name), .integer("visits", \.visits)]
        let first = try RecordStore<Contact>(database: try Database(at: file), table: "contact", columns: twoColumns)
        try first.insert(contentsOf: [
            Contact(name: "Ada", city: "London", visits: 2), Contact(name: "Grace", city: "Arlington", visits: 5),
        ])

        let threeColumns = twoColumns + [.text("city", \.city)]
        let second = try RecordStore<Contact>(database: try Database(at: file), table: "contact", columns: threeColumns)

        XCTAssertEqual(try second.list(sortedBy: "city").map(\.model.name), ["Grace", "Ada"])
        XCTAssertEqual(try second.count(matching: "lond"), 1)
        XCTAssertEqual(try second.database.integrityCheck(), ["ok"])
    }

    func testAColumnNoLongerDeclaredIsDroppedAndItsSearchTextWithIt() throws {
        let both: [Column<Contact>] = [.text("name", \.name), .text("city", \.city)]
        let first = try RecordStore<Contact>(database: try Database(at: file), table: "contact", columns: both)
        try first.insert(Contact(name: "Ada", city: "London", visits: 2))

        let second = try RecordStore<Contact>(database: try Database(at: file), table: "contact", columns: [.text("name", \.name)])

        XCTAssertEqual(try second.count(matching: "london"), 0)
        XCTAssertEqual(try second.count(matching: "ada"), 1)
        XCTAssertEqual(try second.list().map(\.model), [Contact(name: "Ada", city: "London", visits: 2)])
        let names = try second.database.rows("PRAGMA table_info(contact)").map { $0[1] }
        XCTAssertTrue(names.contains(.text("name")))
        XCTAssertFalse(names.contains(.text("city")))
    }

    func testAColumnWhoseTypeChangedIsComputedAgain() throws {
        let asText: [Column<Contact>] = [Column("visits", type: .text) { .text(String($0.visits)) }]
        let first = try RecordStore<Contact>(database: try Database(at: file), table: "contact", columns: asText)
        try first.insert(contentsOf: [Contact(name: "A", city: "", visits: 10), Contact(name: "B", city: "", visits: 9)])
        XCTAssertEqual(try first.list(sortedBy: "visits").map(\.model.visits), [10, 9], "as text, 10 sorts first")

        let second = try RecordStore<Contact>(database: try Database(at: file), table: "contact", columns: [.integer("visits", \.visits)])

        XCTAssertEqual(try second.list(sortedBy: "visits").map(\.model.visits), [9, 10])
    }

    func testRebuildingColumnsComputesThemAgainFromTheModels() throws {
        let database = try Database.inMemory()
        let store = try RecordStore<Contact>(database: database, table: "contact", columns: [.text("name", \.name)])
        try store.insert(Contact(name: "Ada", city: "London", visits: 1))
        try database.execute("UPDATE contact SET name = 'stale', _search = 'stale'")
        try store.rebuildColumns()
        XCTAssertEqual(try database.rows("SELECT name, _search FROM contact"), [[.text("Ada"), .text("ada")]])
    }

    func testTwoStoresShareOneDatabaseInSeparateTables() throws {
        let database = try Database.inMemory()
        let people = try Fixtures.people(in: database)
        let contacts = try RecordStore<Contact>(database: database, table: "contact", columns: [.text("name", \.name)])
        try people.insert(Person("Ada", "Lovelace"))
        XCTAssertEqual(try contacts.count(), 0)
        XCTAssertEqual(try people.count(), 1)
    }

    // MARK: Failures that must lose nothing

    func testAFullDiskRejectsTheSaveAndKeepsEverySavedRecord() throws {
        let database = try Database(at: file)
        let store = try Fixtures.people(in: database)
        let saved = try store.insert(contentsOf: (0..<50).map { Person("p\($0)", "saved") })
        guard case .integer(let pages)? = try database.rows("PRAGMA page_count").first?.first else { return XCTFail() }
        try database.execute("PRAGMA max_page_count = \(pages + 1)")

        XCTAssertThrowsError(try store.insert(Person(String(repeating: "x", count: 200_000), "lost"))) { error in
            XCTAssertEqual(error as? StoreError, .diskFull(path: file.path))
            XCTAssertEqual((error as? StoreError)?.message, "The disk is full — the record was not saved.")
        }

        XCTAssertEqual(try store.ids(), saved)
        XCTAssertEqual(try store.list().map(\.model.firstName), (0..<50).map { "p\($0)" })
        let reopened = try Fixtures.people(in: try Database(at: file))
        XCTAssertEqual(try reopened.ids(), saved)
        XCTAssertEqual(try reopened.database.integrityCheck(), ["ok"])
    }

    func testSavingThroughAReadOnlyConnectionFailsAndKeepsEverySavedRecord() throws {
        let saved = try Fixtures.people(in: try Database(at: file)).insert(Person("Ada", "Lovelace"))
        let readOnly = try Fixtures.people(in: try Database(at: file, readOnly: true))
        XCTAssertThrowsError(try readOnly.insert(Person("Grace", "Hopper"))) { error in
            XCTAssertEqual(error as? StoreError, .readOnly(path: file.path))
        }
        XCTAssertEqual(try readOnly.list().map(\.id), [saved])
    }
}
