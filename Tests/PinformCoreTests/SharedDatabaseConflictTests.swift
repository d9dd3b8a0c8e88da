import Foundation
import PinformCore
import Storage
import XCTest

private struct Visit: Codable, Equatable {
    var patient: String
    var paid: Bool
    var notes: String?
    var items: [String]
}

extension Visit: RecordModel {
    static var title: String { "Visit" }
    static var settingsKey: String { "visit" }
    static var iconName: String { "x-office-calendar-symbolic" }
    static var blank: Visit { Visit(patient: "", paid: false, notes: nil, items: []) }
    static var table: String { "visit" }
    static var exportFileName: String { "visits.csv" }
    static var fields: [RecordField<Visit>] {
        [.text("Patient", stored: "patient", \.patient), .flag("Paid", stored: "paid", \.paid), .text("Notes", stored: "notes", \.notes)]
    }
    var summary: String { patient }
}

/// The conflict dialog's lines: fields by their titles, values as the list shows them.
final class SharedDatabaseConflictTests: XCTestCase {
    private let base = Visit(patient: "Ada", paid: false, notes: "first", items: ["x"])

    private func lines(_ fields: [RecordConflict.Field]) -> [SharedDatabaseConflict.Line] {
        let base = base
        return MainActor.assumeIsolated {
            SharedDatabaseConflict(RecordConflict(id: RecordID(1), version: 3, fields: fields), base: base).lines
        }
    }

    func testFieldsAreNamedByTheirTitlesAndShownAsTheListShowsThem() {
        let shown = lines([
            .init(name: "paid", mine: "true", theirs: "false"),
            .init(name: "patient", mine: "\"Ada King\"", theirs: "\"Ada Lovelace\""),
        ])
        XCTAssertEqual(shown.map(\.title), ["Patient", "Paid"], "in the model's field order, by title, never the JSON key")
        XCTAssertEqual(shown.map(\.mine), ["Ada King", "Yes"])
        XCTAssertEqual(shown.map(\.theirs), ["Ada Lovelace", "No"])
    }

    func testAValueRemovedAtOneDeskShowsAsEmpty() {
        let shown = lines([.init(name: "notes", mine: "null", theirs: "\"second\"")])
        XCTAssertEqual(shown.map(\.title), ["Notes"])
        XCTAssertEqual(shown.first?.mine, "(empty)")
        XCTAssertEqual(shown.first?.theirs, "second")
    }

    func testAValueNoFieldShowsIsListedAsOtherDetails() {
        let shown = lines([.init(name: "items", mine: "[\"y\"]", theirs: "[\"z\"]")])
        XCTAssertEqual(shown.map(\.title), ["Other details"])
        XCTAssertEqual(shown.first?.mine, "[\"y\"]")
    }
}
