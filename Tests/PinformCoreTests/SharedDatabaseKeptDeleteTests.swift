import Foundation
@_spi(Testing) import Storage
import PinformCore
import PostgresCluster
import PostgresStore
import XCTest

/// A delete made while the server is away is kept like a save and sent in order; when another
/// desk edited the record meanwhile it comes back as a conflict to ask about, kept until chosen.
final class SharedDatabaseKeptDeleteTests: SharedDatabaseFaultCase {
    func testADeleteMadeWhileTheServerIsAwayIsKeptAndSentWhenItIsBack() throws {
        let desks = try twoDesks()
        let cluster: PostgresCluster = cluster
        try MainActor.assumeIsolated { () throws in
            let records = RecordsDatabase(paths: desks.b.0, key: desks.b.1)
            let store = try records.store(FaultVisit.self)
            try store.insert(FaultVisit(name: "Ada", note: ""))
            let bob = try store.insert(FaultVisit(name: "Bob", note: ""))
            XCTAssertEqual(try store.list(sortedBy: .id, ascending: true, search: nil, limit: nil, offset: 0).count, 2)
            cluster.stop()
            Self.assertKept(_ = try store.deleteRecords(ids: [bob]), saying: "the server is not running", waiting: 1)
            Self.assertKept(_ = try store.insert(FaultVisit(name: "Cy", note: "")), saying: "the server is not running", waiting: 2)
            records.closeFile()
            try cluster.start()
            _ = try records.store(FaultVisit.self)
            XCTAssertEqual(records.keptSaveCount, 0)
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada", "Cy"], "deleted, then added, in that order")
            records.close()
        }
    }

    func testAKeptDeleteOfARecordEditedMeanwhileIsAskedAboutAndKeptUntilChosen() throws {
        let desks = try twoDesks()
        let cluster: PostgresCluster = cluster
        try MainActor.assumeIsolated { () throws in
            let recordsA = RecordsDatabase(paths: desks.b.0, key: desks.b.1)
            let recordsB = RecordsDatabase(paths: desks.a.0, key: desks.a.1)
            let storeA = try recordsA.store(FaultVisit.self)
            let storeB = try recordsB.store(FaultVisit.self)
            let ada = try storeA.insert(FaultVisit(name: "Ada", note: ""))
            let bob = try storeA.insert(FaultVisit(name: "Bob", note: ""))
            XCTAssertNotNil(try storeA.record(id: ada))
            XCTAssertNotNil(try storeA.record(id: bob))
            cluster.stop()
            Self.assertKept(try _ = storeA.delete(id: ada), saying: "the server is not running", waiting: 1)
            Self.assertKept(try _ = storeA.delete(id: bob), saying: "the server is not running", waiting: 2)
            try cluster.start()
            // Meanwhile desk B writes a note in both records.
            for id in [ada, bob] {
                let atB = try XCTUnwrap(storeB.record(id: id))
                try storeB.update(FaultVisit(name: atB.model.name, note: "called back"), basedOn: atB, resolving: .ask)
            }

            var asked: [SharedDatabaseKeptConflict] = []
            recordsA.onKeptConflict = { asked.append($0) }
            let (sent, problem) = recordsA.sendKeptSaves()
            XCTAssertEqual(sent, 0)
            guard case .conflict(let conflict)? = problem else { return XCTFail("\(String(describing: problem)): not a conflict") }
            XCTAssertEqual(conflict.id, ada)
            XCTAssertEqual(asked.count, 1)
            XCTAssertEqual(asked.first?.isDelete, true)
            XCTAssertEqual(recordsA.keptSaveCount, 2, "kept until the person chooses")
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada", "Bob"])

            // Keep the record (the other desk's edit) for Ada: the delete is dropped, and Bob's
            // delete, sent next, is asked about in turn; deleting anyway deletes it.
            XCTAssertNotNil(asked.first?.resolve(.keepTheirs))
            XCTAssertEqual(asked.count, 2)
            XCTAssertEqual(asked.last?.conflict.id, bob)
            XCTAssertNil(asked.last?.resolve(.keepMine))
            XCTAssertEqual(recordsA.keptSaveCount, 0)
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada"])
            XCTAssertEqual(try storeB.record(id: ada)?.model.note, "called back")
            recordsA.close()
            recordsB.close()
        }
    }
}
