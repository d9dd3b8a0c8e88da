import Foundation
import XCTest
@_spi(Testing) @testable import Storage

/// A table an older version wrote, in a file that can only be read: the columns this version
/// added cannot be computed there, and the records still show.
final class ReadOnlyOlderTableTests: XCTestCase {
    private var temporary: TemporaryDirectory!

    override func setUp() {
        temporary = TemporaryDirectory()
    }

    override func tearDown() {
        temporary = nil
    }

    private var file: URL { temporary.url.appendingPathComponent(Database.fileName) }

    func testAReadOnlyTableWithoutANewColumnListsItsRecordsSortedByIdentityThere() throws {
        let writer = try Database(at: file)
        let old = try RecordStore<Person>(database: writer, table: "person", columns: [.text("last_name", \.lastName)])
        try old.insert(contentsOf: [Person("Grace", "Hopper"), Person("Ada", "Lovelace")])
        writer.close()

        let reader = try Database(at: file, readOnly: true)
        defer { reader.close() }
        let store = try RecordStore<Person>(database: reader, table: "person",
                                            columns: [.text("last_name", \.lastName), .text("first_name", \.firstName)])
        XCTAssertEqual(try store.list().map(\.model.lastName), ["Hopper", "Lovelace"])
        XCTAssertEqual(try store.list(sortedBy: "last_name").map(\.model.lastName), ["Hopper", "Lovelace"])
        XCTAssertEqual(try store.list(sortedBy: "first_name", ascending: false).map(\.model.lastName), ["Lovelace", "Hopper"],
                       "a column the file lacks sorts by identity")
        XCTAssertEqual(try store.list(search: "love").map(\.model.lastName), ["Lovelace"])
        XCTAssertThrowsError(try store.insert(Person("Alan", "Turing"))) { error in
            XCTAssertEqual(error as? StoreError, .readOnly(path: file.path))
        }
    }
}
