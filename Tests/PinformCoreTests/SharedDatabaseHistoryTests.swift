import Foundation
import PinformCore
import PostgresStore
import Storage
import XCTest

private struct Guest: Codable, Equatable {
    var name: String
    var paid: Bool
}

extension Guest: RecordModel {
    static var title: String { "Guest" }
    static var settingsKey: String { "guest" }
    static var iconName: String { "avatar-default-symbolic" }
    static var blank: Guest { Guest(name: "", paid: false) }
    static var table: String { "guest" }
    static var exportFileName: String { "guests.csv" }
    static var fields: [RecordField<Guest>] { [.text("Name", stored: "name", \.name), .flag("Paid", stored: "paid", \.paid)] }
    var summary: String { name }
}

/// A shared record's history as the dialog shows it: when, who, and each changed field by its
/// title with its values as the list shows them.
final class SharedDatabaseHistoryTests: XCTestCase {
    private func json(_ guest: Guest) throws -> Data { try JSONEncoder().encode(guest) }

    func testEachChangeSaysWhenWhoAndWhatByTheFieldsTitles() throws {
        let at = Date(timeIntervalSince1970: 1_796_000_000) // 2026-11-30 00:53 UTC
        let changes = [
            RecordChange(kind: .insert, by: "front_desk_1", at: at, before: nil, after: try json(Guest(name: "Ada", paid: false))),
            RecordChange(kind: .update, by: "front_desk_2", at: at.addingTimeInterval(60),
                         before: try json(Guest(name: "Ada", paid: false)), after: try json(Guest(name: "Ada Lovelace", paid: true))),
            RecordChange(kind: .update, by: "front_desk_2", at: at.addingTimeInterval(120),
                         before: try json(Guest(name: "Ada Lovelace", paid: true)), after: try json(Guest(name: "Ada Lovelace", paid: true))),
            RecordChange(kind: .delete, by: "front_desk_1", at: at.addingTimeInterval(180), before: try json(Guest(name: "Ada", paid: true)), after: nil),
        ]
        let lines = MainActor.assumeIsolated {
            SharedDatabaseHistory(changes, of: Guest.self, timeZone: TimeZone(identifier: "UTC")!).lines
        }
        XCTAssertEqual(lines, [
            "2026-11-30 00:53, front_desk_1: added",
            "2026-11-30 00:54, front_desk_2: Name “Ada” → “Ada Lovelace”; Paid “No” → “Yes”",
            "2026-11-30 00:55, front_desk_2: changed other details",
            "2026-11-30 00:56, front_desk_1: deleted",
        ])
    }
}
