import Foundation
import XCTest
@_spi(Testing) @testable import Storage

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

    func testADecomposedWordIsFoundByItsPrecomposedFormAndInCapitals() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(contentsOf: [Person("e\u{301}cole", "Decomposed"), Person("Other", "One")])
        XCTAssertEqual(names(try store.list(search: "\u{E9}cole")), ["e\u{301}cole Decomposed"])
        XCTAssertEqual(names(try store.list(search: "ÉCOLE")), ["e\u{301}cole Decomposed"])
        XCTAssertEqual(names(try store.list(search: "E\u{301}COLE")), ["e\u{301}cole Decomposed"])
    }

    func testAPrecomposedWordIsFoundByItsDecomposedForm() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(Person("Zürich", "Precomposed"))
        XCTAssertEqual(try store.count(matching: "zu\u{308}r"), 1)
    }

    func testSearchFoldsCaseBeyondLowerCase() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(contentsOf: [Person("Straße", "A"), Person("ΣΊΣΥΦΟΣ", "B")])
        XCTAssertEqual(names(try store.list(search: "STRASSE")), ["Straße A"])
        XCTAssertEqual(names(try store.list(search: "σίσυφος")), ["ΣΊΣΥΦΟΣ B"])
    }

    func testASearchOfMoreThan32WordsGetsAMessageThatDoesNotBlameTheFile() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(Person("Ada", "Lovelace"))
        let long = Array(repeating: "ada", count: 1100).joined(separator: " ")
        for search in [{ try store.list(search: long).count }, { try store.ids(search: long).count },
                       { try store.count(matching: long) }] {
            XCTAssertThrowsError(try search()) { error in
                XCTAssertEqual(error as? StoreError, .searchTooLong(words: 1100, limit: 32))
                XCTAssertEqual((error as? StoreError)?.message, "Search for at most 32 words — this search has 1100.")
                XCTAssertEqual((error as? StoreError)?.offersFreshStart, false)
            }
        }
    }

    func testASearchOf32WordsRuns() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        try store.insert(Person("Ada", "Lovelace"))
        XCTAssertEqual(try store.count(matching: Array(repeating: "ada", count: 32).joined(separator: " ")), 1)
    }

    func testSearchSeesRecordsSavedThroughAnotherConnection() throws {
        let store = try Fixtures.people(in: try Database(at: file))
        try store.insert(Person("Ada", "Lovelace"))
        XCTAssertEqual(try store.count(matching: "grace"), 0)
        let other = try Fixtures.people(in: try Database(at: file))
        try other.insert(Person("Grace", "Hopper"))
        XCTAssertEqual(try store.count(matching: "grace"), 1)
        XCTAssertEqual(try store.ids(sortedBy: "last_name", search: "a").count, 2)
        try other.delete(id: try other.ids(search: "ada")[0])
        XCTAssertEqual(try store.count(matching: "ada"), 0)
    }

    func testSearchSeesChangesMadeWithSQLOnTheSameConnection() throws {
        let database = try Database.inMemory()
        let store = try Fixtures.people(in: database)
        try store.insert(Person("Ada", "Lovelace"))
        XCTAssertEqual(try store.count(matching: "ada"), 1)
        try database.execute("DELETE FROM person")
        XCTAssertEqual(try store.count(matching: "ada"), 0)
        XCTAssertEqual(try store.ids(search: "ada"), [])
    }

    func testSearchFollowsInsertsUpdatesAndDeletes() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        let ada = try store.insert(Person("Ada", "Lovelace"))
        XCTAssertEqual(try store.ids(sortedBy: "last_name", search: "ada"), [ada])
        let grace = try store.insert(Person("Grace", "Adams"))
        XCTAssertEqual(try store.ids(sortedBy: "last_name", search: "ada"), [grace, ada])
        try store.update(Person("Ada", "Byron"), id: ada)
        XCTAssertEqual(try store.ids(sortedBy: "last_name", search: "byron"), [ada])
        XCTAssertEqual(try store.count(matching: "lovelace"), 0)
        try store.delete(id: grace)
        XCTAssertEqual(try store.ids(sortedBy: "last_name", search: "ada"), [ada])
    }

    func testARecordInsertedInATransactionThatFailsIsNotFound() throws {
        let database = try Database.inMemory()
        let store = try Fixtures.people(in: database)
        XCTAssertEqual(try store.count(matching: "ada"), 0)
        XCTAssertThrowsError(try database.transaction {
            try store.insert(Person("Ada", "Lovelace"))
            XCTAssertEqual(try store.count(matching: "ada"), 1, "the transaction sees its own record")
            throw StoreError.notFound(RecordID(1))
        })
        XCTAssertEqual(try store.count(matching: "ada"), 0)
        XCTAssertEqual(try store.ids(search: "ada"), [])
    }

    func testManyChangesKeepSearchConsistent() throws {
        let store = try Fixtures.people(in: try Database.inMemory())
        var generator = SystemRandomNumberGenerator()
        var expected: [RecordID: String] = [:]
        let words = ["ada", "grace", "zoë", "ÉCOLE", "straße", "alan"]
        _ = try store.count(matching: "x")
        for _ in 0..<3000 {
            let word = words.randomElement(using: &generator)!
            switch expected.isEmpty ? 0 : Int.random(in: 0..<3, using: &generator) {
            case 0:
                expected[try store.insert(Person(word, "p"))] = word
            case 1:
                let id = expected.keys.randomElement(using: &generator)!
                try store.update(Person(word, "p"), id: id)
                expected[id] = word
            default:
                let id = expected.keys.randomElement(using: &generator)!
                try store.delete(id: id)
                expected[id] = nil
            }
        }
        for word in words {
            let wanted = expected.filter { SearchText.fold($0.value) == SearchText.fold(word) }.keys.sorted { $0.rawValue < $1.rawValue }
            XCTAssertEqual(try store.ids(search: word), wanted, word)
        }
    }

    func testSearchFindsRecordsWhateverTheirIdentities() throws {
        let database = try Database.inMemory()
        let store = try Fixtures.people(in: database)
        let small = try store.insert(Person("Ada", "Lovelace"))
        try database.execute("INSERT INTO person (id, _created, _updated, _json, _search, first_name, last_name) "
            + "SELECT 1000000000000, _created, _updated, _json, _search, first_name, 'Zed' FROM person")
        try database.execute("INSERT INTO person (id, _created, _updated, _json, _search, first_name, last_name) "
            + "SELECT -5, _created, _updated, _json, _search, first_name, 'Aa' FROM person WHERE id = ?", [.integer(small.rawValue)])
        XCTAssertEqual(try store.ids(sortedBy: "last_name", search: "ada"), [RecordID(-5), small, RecordID(1_000_000_000_000)])
        try store.delete(id: RecordID(1_000_000_000_000))
        try store.update(Person("Grace", "Hopper"), id: RecordID(-5))
        XCTAssertEqual(try store.ids(sortedBy: "last_name", search: "ada"), [small])
        XCTAssertEqual(try store.ids(search: "grace"), [RecordID(-5)])
    }

    func testATableFoldedTheOldWayIsFoldedAgainOnOpening() throws {
        let database = try Database(at: file)
        try Fixtures.people(in: database).insert(Person("e\u{301}cole", "Old"))
        // As the previous version left it: lower case only, no layout row.
        try database.execute("UPDATE person SET _search = 'e\u{301}cole' || char(10) || 'old'")
        try database.execute("DROP TABLE _pinform_store")
        database.close()
        let reopened = try Fixtures.people(in: try Database(at: file))
        XCTAssertEqual(try reopened.count(matching: "\u{E9}cole"), 1)
        let readOnly = try Fixtures.people(in: try Database(at: file, readOnly: true))
        XCTAssertEqual(try readOnly.count(matching: "ÉCOLE"), 1)
    }

    func testAReadOnlyConnectionFoldsAnOldTableWhenSearching() throws {
        let database = try Database(at: file)
        try Fixtures.people(in: database).insert(Person("e\u{301}cole", "Old"))
        try database.execute("UPDATE person SET _search = 'e\u{301}cole' || char(10) || 'old'")
        try database.execute("DROP TABLE _pinform_store")
        database.close()
        let readOnly = try Fixtures.people(in: try Database(at: file, readOnly: true))
        XCTAssertEqual(try readOnly.count(matching: "ÉCOLE"), 1)
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

        let second = try RecordStore<Contact>(database: try Database(at: file), table: "contact",
                                              columns: [.text("name", \.name)], version: 2)

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

        let second = try RecordStore<Contact>(database: try Database(at: file), table: "contact",
                                              columns: [.integer("visits", \.visits)], version: 2)

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

    // MARK: Files from a newer version

    func testATableOfAHigherLayoutVersionIsNotChangedByAWritingConnection() throws {
        let withCity: [Column<Contact>] = [.text("name", \.name), .text("city", \.city)]
        try RecordStore<Contact>(database: try Database(at: file), table: "contact", columns: withCity, version: 2)
            .insert(Contact(name: "Ada", city: "London", visits: 2))
        XCTAssertThrowsError(try RecordStore<Contact>(database: try Database(at: file), table: "contact",
                                                      columns: [.text("name", \.name)])) { error in
            XCTAssertEqual(error as? StoreError, .newerSchema(path: file.path, found: 2, supported: 1))
        }
        let names = try Database(at: file).rows("PRAGMA table_info(contact)").map { $0[1] }
        XCTAssertTrue(names.contains(.text("city")), "the newer version's column is kept")
    }

    func testATableOfAHigherLayoutVersionOpensReadOnlyWithItsRecords() throws {
        let withCity: [Column<Contact>] = [.text("name", \.name), .text("city", \.city)]
        try RecordStore<Contact>(database: try Database(at: file), table: "contact", columns: withCity, version: 2)
            .insert(Contact(name: "Ada", city: "London", visits: 2))
        let store = try RecordStore<Contact>(database: try Database(at: file, readOnly: true), table: "contact",
                                             columns: [.text("name", \.name)])
        XCTAssertTrue(store.isFromNewerVersion)
        XCTAssertEqual(try store.list().map(\.model.name), ["Ada"])
        XCTAssertEqual(try store.count(matching: "london"), 1, "its search text is the newer version's")
    }

    func testColumnsThisVersionDoesNotKnowAtItsOwnVersionAreANewerVersions() throws {
        let withCity: [Column<Contact>] = [.text("name", \.name), .text("city", \.city)]
        try RecordStore<Contact>(database: try Database(at: file), table: "contact", columns: withCity)
            .insert(Contact(name: "Ada", city: "London", visits: 2))
        XCTAssertThrowsError(try RecordStore<Contact>(database: try Database(at: file), table: "contact",
                                                      columns: [.text("name", \.name)])) { error in
            guard case .newerSchema? = error as? StoreError else { return XCTFail("got \(error)") }
        }
        let names = try Database(at: file).rows("PRAGMA table_info(contact)").map { $0[1] }
        XCTAssertTrue(names.contains(.text("city")))
    }

    /// What a newer version's `Contact` might save: a field this version does not know.
    private struct NewerContact: Codable {
        var name: String
        var city: String
        var visits: Int
        var nickname: String
        var tags: [String]
    }

    private struct OptionalNote: Codable, Equatable {
        var name: String
        var note: String?
    }

    func testUpdatingARecordKeepsFieldsTheModelDoesNotKnow() throws {
        let database = try Database(at: file)
        let newer = try RecordStore<NewerContact>(database: database, table: "contact", columns: [.text("name", \.name)])
        let id = try newer.insert(NewerContact(name: "Ada", city: "London", visits: 1, nickname: "Countess", tags: ["a", "b"]))
        let store = try RecordStore<Contact>(database: database, table: "contact", columns: [.text("name", \.name)])

        try store.update(Contact(name: "Ada King", city: "Ockham", visits: 3), id: id)

        let reread = try XCTUnwrap(try newer.record(id: id)).model
        XCTAssertEqual(reread.name, "Ada King")
        XCTAssertEqual(reread.city, "Ockham")
        XCTAssertEqual(reread.visits, 3)
        XCTAssertEqual(reread.nickname, "Countess")
        XCTAssertEqual(reread.tags, ["a", "b"])
    }

    func testARestoredRecordKeepsFieldsTheModelDoesNotKnow() throws {
        let database = try Database(at: file)
        let newer = try RecordStore<NewerContact>(database: database, table: "contact", columns: [.text("name", \.name)])
        let id = try newer.insert(NewerContact(name: "Ada", city: "London", visits: 1, nickname: "Countess", tags: ["a"]))
        let store = try RecordStore<Contact>(database: database, table: "contact", columns: [.text("name", \.name)])

        try store.restore(try store.deleteRecords(ids: [id]))

        XCTAssertEqual(try newer.record(id: id)?.model.nickname, "Countess")
    }

    func testClearingAnOptionalFieldDoesNotBringItsOldValueBack() throws {
        let store = try RecordStore<OptionalNote>(database: try Database.inMemory(), table: "note", columns: [])
        let id = try store.insert(OptionalNote(name: "a", note: "old"))
        try store.update(OptionalNote(name: "a", note: nil), id: id)
        XCTAssertEqual(try store.record(id: id)?.model, OptionalNote(name: "a", note: nil))
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

    func testATableMissingFromAReadOnlyFileHoldsNoRecordsAndRefusesSaves() throws {
        try Fixtures.people(in: try Database(at: file)).insert(Person("Ada", "Lovelace"))
        let contacts = try RecordStore<Contact>(database: try Database(at: file, readOnly: true), table: "contact",
                                                columns: [.text("name", \.name)])
        XCTAssertTrue(try contacts.list().isEmpty)
        XCTAssertEqual(try contacts.ids(search: "ada"), [])
        XCTAssertEqual(try contacts.count(), 0)
        XCTAssertEqual(try contacts.count(matching: "ada"), 0)
        XCTAssertNil(try contacts.record(id: RecordID(1)))
        XCTAssertThrowsError(try contacts.insert(Contact(name: "Grace", city: "", visits: 0))) { error in
            XCTAssertEqual(error as? StoreError, .readOnly(path: file.path))
        }
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
