import Foundation
import PostgresStore
import Storage
import XCTest

/// Two desks edit the same record from the same version: different fields merge, the same
/// field changed to different values is handed back with both values, and nothing is lost.
final class PostgresMergeTests: XCTestCase {
    private func twoDesksOnOneBill() throws -> (PostgresRecordStore<Bill>, PostgresRecordStore<Bill>, Record<Bill>) {
        let (cluster, endpoint) = try SharedServer.freshDatabase()
        let deskA = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        let deskB = try SharedServer.desk(endpoint, password: cluster.adminPassword)
        let id = try deskA.insert(Bill("2026-007", "Ada", lines: 1, amount: 10, notes: "call first"))
        return (deskA, deskB, try XCTUnwrap(deskB.record(id: id)))
    }

    func testEditsOfDifferentFieldsMergeByThemselves() throws {
        let (deskA, deskB, base) = try twoDesksOnOneBill()
        var atA = base.model
        atA.customer = "Ada Lovelace"
        try deskA.update(atA, basedOn: base, resolving: .ask)
        var atB = base.model
        atB.paid = true
        atB.notes = nil
        try deskB.update(atB, basedOn: base, resolving: .ask)
        let merged = try XCTUnwrap(deskA.record(id: base.id))
        XCTAssertEqual(merged.model, Bill("2026-007", "Ada Lovelace", lines: 1, amount: 10, paid: true, notes: nil))
        XCTAssertEqual(merged.version, 3)
    }

    func testTheSameFieldChangedAtBothDesksIsAskedWithBothValuesAndNothingSaved() throws {
        let (deskA, deskB, base) = try twoDesksOnOneBill()
        var atA = base.model
        atA.customer = "Ada Lovelace"
        atA.lines = 2
        try deskA.update(atA, basedOn: base, resolving: .ask)
        var atB = base.model
        atB.customer = "Ada King"
        atB.paid = true
        XCTAssertThrowsError(try deskB.update(atB, basedOn: base, resolving: .ask)) { error in
            XCTAssertEqual(error as? StoreError, .conflict(RecordConflict(id: base.id, version: 2, fields: [
                RecordConflict.Field(name: "customer", mine: #""Ada King""#, theirs: #""Ada Lovelace""#),
            ])))
        }
        XCTAssertEqual(try deskB.record(id: base.id)?.model, atA, "nothing was saved")

        try deskB.update(atB, basedOn: base, resolving: .keepMine)
        XCTAssertEqual(try deskA.record(id: base.id)?.model,
                       Bill("2026-007", "Ada King", lines: 2, amount: 10, paid: true, notes: "call first"),
                       "desk B's choice for the field both changed, and each desk's other changes")
    }

    func testKeepingTheirsKeepsTheOtherDesksValueAndStillSavesMyOtherFields() throws {
        let (deskA, deskB, base) = try twoDesksOnOneBill()
        var atA = base.model
        atA.amount = Decimal(string: "12.50")!
        try deskA.update(atA, basedOn: base, resolving: .ask)
        var atB = base.model
        atB.amount = 11
        atB.lines = 5
        try deskB.update(atB, basedOn: base, resolving: .keepTheirs)
        XCTAssertEqual(try deskA.record(id: base.id)?.model,
                       Bill("2026-007", "Ada", lines: 5, amount: Decimal(string: "12.50")!, notes: "call first"))
    }

    func testAnEditOfARecordDeletedMeanwhileIsNotSavedSilently() throws {
        let (deskA, deskB, base) = try twoDesksOnOneBill()
        try deskA.delete(id: base.id)
        var atB = base.model
        atB.paid = true
        XCTAssertThrowsError(try deskB.update(atB, basedOn: base, resolving: .ask)) { error in
            XCTAssertEqual(error as? StoreError, .notFound(base.id))
        }
    }
}
