import Foundation
import SeededRandom
import XCTest
@testable import Forms

/// People in memory, as a store's lookup will be.
final class PeopleLookup: RecordLookup, Sendable {
    let people: [Int64: String]

    init(_ people: [Int64: String]) {
        self.people = people
    }

    func search(_ text: String, limit: Int) -> [RecordMatch<Person>] {
        let wanted = text.lowercased()
        return people.keys.sorted().lazy
            .filter { wanted.isEmpty || self.people[$0]!.lowercased().contains(wanted) }
            .prefix(limit)
            .map { RecordMatch(record: RecordRef(id: $0), summary: self.people[$0]!) }
    }

    func resolve(_ record: RecordRef<Person>) -> RecordLookupResult {
        people[record.id].map { .found(summary: $0) } ?? .missing
    }
}

final class RecordRefTests: XCTestCase {
    private let people = PeopleLookup([7: "Ada Lovelace", 8: "Alan Turing", 9: "Grace Hopper"])

    func testAReferenceReadsAndWritesItsIdAsText() {
        XCTAssertEqual(RecordRef<Person>(" 42 ")?.id, 42)
        XCTAssertEqual(RecordRef<Person>(id: 42).description, "42")
        XCTAssertNil(RecordRef<Person>("0"))
        XCTAssertNil(RecordRef<Person>("-3"))
        XCTAssertNil(RecordRef<Person>("Ada"))
    }

    func testTextThatIsNoRecordAsksToChooseOne() {
        guard case .failure(let error) = RecordRef<Person>.parse("Ada", using: .posix) else { return XCTFail() }
        XCTAssertEqual(error.kind, .malformed)
        XCTAssertEqual(error.message, "Choose a record from the list")
        guard case .failure(let blank) = RecordRef<Person>.parse("  ", using: .posix) else { return XCTFail() }
        XCTAssertEqual(blank.kind, .blank)
    }

    func testAReferenceEncodesAsItsBareId() throws {
        let data = try JSONEncoder().encode([RecordRef<Person>(id: 7)])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[7]")
        XCTAssertEqual(try JSONDecoder().decode([RecordRef<Person>].self, from: data), [RecordRef(id: 7)])
        XCTAssertThrowsError(try JSONDecoder().decode([RecordRef<Person>].self, from: Data("[0]".utf8)))
    }

    func testALookupSearchesSummarisesAndSaysWhatIsMissing() {
        XCTAssertEqual(people.search("a", limit: 2).map(\.summary), ["Ada Lovelace", "Alan Turing"])
        XCTAssertEqual(people.search("", limit: 10).count, 3)
        XCTAssertEqual(people.summary(of: RecordRef(id: 9)), "Grace Hopper")
        XCTAssertEqual(people.resolve(RecordRef(id: 99)), .missing)
        XCTAssertFalse(people.exists(RecordRef(id: 99)))
    }

    func testAFormResolvesAReferenceToAnExistingRecord() throws {
        let fixture = InvoiceFixture(lookup: people)
        fixture.form.load(InvoiceFixture.sample)
        fixture.form.type("8", into: fixture.fields.customer)
        XCTAssertEqual(try fixture.form.resolve(InvoiceFixture.Invoice()).get().customer, RecordRef(id: 8))
    }

    func testAReferenceToAMissingRecordDoesNotResolve() {
        let fixture = InvoiceFixture(lookup: people)
        fixture.form.load(InvoiceFixture.sample)
        fixture.form.type("99", into: fixture.fields.customer)
        guard case .failure(let errors) = fixture.form.resolve(InvoiceFixture.Invoice()) else { return XCTFail() }
        XCTAssertEqual(errors[fixture.fields.customer].map(\.message), ["This record no longer exists"])
        XCTAssertEqual(fixture.form.fieldsInError, [fixture.fields.customer])
    }

    func testAnEmptyOptionalReferenceResolvesToNil() throws {
        let fixture = InvoiceFixture(lookup: people)
        fixture.form.load(InvoiceFixture.sample)
        fixture.form.type("", into: fixture.fields.customer)
        XCTAssertNil(try fixture.form.resolve(InvoiceFixture.Invoice()).get().customer)
    }

    func testRandomTextEitherIsAPositiveIdThatReadsBackOrIsRejected() {
        var generator = SplitMix64(seed: 20)
        let alphabet = Array("0123456789 -+.,x٣\u{00A0}")
        var accepted = 0
        for _ in 0..<50_000 {
            let length = Int(generator.next() % 24)
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            switch RecordRef<Person>.parse(text, using: .posix) {
            case .success(let record):
                accepted += 1
                XCTAssertGreaterThan(record.id, 0, text)
                XCTAssertEqual(RecordRef<Person>(record.description), record, text)
            case .failure(let error):
                XCTAssertFalse(error.message.isEmpty, text)
            }
        }
        XCTAssertGreaterThan(accepted, 100, "the alphabet must produce ids too")
    }
}
