import Foundation
@_spi(Testing) import Storage
import PinformCore
import PostgresCluster
import PostgresStore
import XCTest

/// The server goes away (its own private cluster, stopped) while a desk saves: the saves are
/// kept in the desk's sealed file, survive closing the records, and are sent in order, each
/// checked against its version, when the server is back — merged, or handed back as a conflict.
final class SharedDatabaseOfflineTests: XCTestCase {
    private var folder: URL!
    private var cluster: PostgresCluster!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-offline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        cluster = try PostgresCluster()
    }

    override func tearDownWithError() throws {
        cluster = nil
        try? FileManager.default.removeItem(at: folder)
    }

    private func secret(_ text: String) throws -> SecretBytes {
        var text = text
        return try text.withUTF8 { try SecretBytes(copying: $0) }
    }

    /// Two desks joined to one database of the private cluster.
    private func twoDesks() throws -> [(AppPaths, SecretBytes)] {
        try cluster.psql("CREATE ROLE front LOGIN PASSWORD 'pw'")
        try cluster.createDatabase("clinic", owner: "front")
        let endpoint = PostgresEndpoint(host: cluster.socketFolder, port: cluster.port, database: "clinic", user: "front")
        return try ["a", "b"].map { name in
            let paths = AppPaths(dataDirectory: folder.appendingPathComponent("\(name)/data"),
                                 configDirectory: folder.appendingPathComponent("\(name)/config"))
            try paths.ensureExists()
            let vault = KeyVault(directory: paths.dataDirectory, derivation: .fastForTests)
            let key = try vault.create(pin: secret("2468"))
            try SharedDatabase.join(endpoint, password: secret("pw"), vault: vault, dataKey: key)
            return (paths, key)
        }
    }

    private static func assertKept(_ body: @autoclosure () throws -> Void, waiting: Int, line: UInt = #line) {
        XCTAssertThrowsError(try body(), line: line) { error in
            guard case .keptForLater(_, let count)? = error as? StoreError else {
                return XCTFail("\(error): not kept", line: line)
            }
            XCTAssertEqual(count, waiting, line: line)
            XCTAssertTrue((error as? StoreError)?.message.contains("kept on this desk") ?? false, line: line)
        }
    }

    func testSavesMadeWhileTheServerIsAwayAreKeptAndSentInOrderWhenItIsBack() throws {
        let desks = try twoDesks()
        let cluster: PostgresCluster = cluster
        try MainActor.assumeIsolated { () throws in
            let recordsA = RecordsDatabase(paths: desks[0].0, key: desks[0].1)
            let recordsB = RecordsDatabase(paths: desks[1].0, key: desks[1].1)
            let storeA = try recordsA.store(FaultVisit.self)
            let storeB = try recordsB.store(FaultVisit.self)
            let id = try storeA.insert(FaultVisit(name: "Ada", note: ""))
            let base = try XCTUnwrap(storeA.record(id: id))

            cluster.stop()
            Self.assertKept(_ = try storeA.insert(FaultVisit(name: "Bob", note: "new")), waiting: 1)
            var edited = base.model
            edited.note = "called back"
            Self.assertKept(try storeA.update(edited, basedOn: base, resolving: .ask), waiting: 2)
            XCTAssertEqual(recordsA.keptSaveCount, 2)
            // The list cannot be read either, and says why in the same plain words (not libpq's).
            XCTAssertThrowsError(try storeA.ids(sortedBy: .id, ascending: true, search: nil)) { error in
                XCTAssertEqual(error as? StoreError, .serverUnavailable(reason: "the server is not running"))
            }
            // The records are closed (the app quit, or locked) with the saves still kept.
            recordsA.closeFile()
            let sealed = try Data(contentsOf: desks[0].0.recordsFile)
            XCTAssertNil(sealed.range(of: Data("called back".utf8)), "kept in the sealed file, never in plaintext")

            try cluster.start()
            // Meanwhile desk B renames Ada: a different field, merged with A's kept edit.
            let atB = try XCTUnwrap(storeB.record(id: id))
            var renamed = atB.model
            renamed.name = "Ada Lovelace"
            try storeB.update(renamed, basedOn: atB, resolving: .ask)

            // Opened again (the next unlock): what was kept is sent.
            let reopened = try recordsA.store(FaultVisit.self)
            XCTAssertEqual(recordsA.keptSaveCount, 0)
            XCTAssertEqual(try storeB.list(sortedBy: .id, ascending: true, search: nil, limit: nil, offset: 0).map(\.model),
                           [FaultVisit(name: "Ada Lovelace", note: "called back"), FaultVisit(name: "Bob", note: "new")])
            XCTAssertEqual(try reopened.count(matching: nil), 2)
            recordsA.close()
            recordsB.close()
        }
    }

    func testAKeptEditOfAFieldAnotherDeskChangedMeanwhileIsAskedAboutAndStaysKept() throws {
        let desks = try twoDesks()
        let cluster: PostgresCluster = cluster
        try MainActor.assumeIsolated { () throws in
            let recordsA = RecordsDatabase(paths: desks[0].0, key: desks[0].1)
            let recordsB = RecordsDatabase(paths: desks[1].0, key: desks[1].1)
            let storeA = try recordsA.store(FaultVisit.self)
            let storeB = try recordsB.store(FaultVisit.self)
            let id = try storeA.insert(FaultVisit(name: "Ada", note: ""))
            let base = try XCTUnwrap(storeA.record(id: id))

            cluster.stop()
            var edited = base.model
            edited.note = "allergic to penicillin"
            Self.assertKept(try storeA.update(edited, basedOn: base, resolving: .ask), waiting: 1)
            XCTAssertEqual(recordsA.sendKeptSaves().problem.map { if case .serverUnavailable = $0 { true } else { false } }, true,
                           "still away: nothing sent, nothing dropped")
            XCTAssertEqual(recordsA.keptSaveCount, 1)

            try cluster.start()
            let atB = try XCTUnwrap(storeB.record(id: id))
            var changed = atB.model
            changed.note = "no allergies"
            try storeB.update(changed, basedOn: atB, resolving: .ask)

            var asked: [SharedDatabaseKeptConflict] = []
            recordsA.onKeptConflict = { asked.append($0) }
            let (sent, problem) = recordsA.sendKeptSaves()
            XCTAssertEqual(sent, 0)
            guard case .conflict(let conflict)? = problem else { return XCTFail("\(String(describing: problem)): not a conflict") }
            XCTAssertEqual(conflict.fields.map(\.name), ["note"])
            XCTAssertEqual(conflict.fields.first?.mine, "\"allergic to penicillin\"")
            XCTAssertEqual(conflict.fields.first?.theirs, "\"no allergies\"")
            XCTAssertEqual(recordsA.keptSaveCount, 1, "kept until the person chooses")
            XCTAssertEqual(try storeB.record(id: id)?.model.note, "no allergies")

            // Asked about, by the field's title, with both values; keeping this desk's sends it.
            XCTAssertEqual(asked.count, 1)
            XCTAssertEqual(asked.first?.lines.map(\.title), ["Note"])
            XCTAssertEqual(asked.first?.lines.first?.mine, "allergic to penicillin")
            XCTAssertEqual(asked.first?.lines.first?.theirs, "no allergies")
            XCTAssertNil(asked.first?.resolve(.keepMine))
            XCTAssertEqual(recordsA.keptSaveCount, 0)
            XCTAssertEqual(try storeB.record(id: id)?.model.note, "allergic to penicillin")
            recordsA.close()
            recordsB.close()
        }
    }
}
