import Controls
import Foundation
@_spi(Testing) import Gtk
@_spi(Testing) import Storage
import XCTest
@testable import Pinform
@testable import PinformModels
import PinformCore
import PostgresCluster
import PostgresStore
import TestFolders

/// "Edited at desk B": a record open in the edit dialog at one desk, saved at another — the
/// dialog says so at its top, naming the other desk's role, and offers to reload.
final class SharedEditedElsewhereTests: TemporaryFolderTestCase {
    @MainActor
    private static func shownTexts(_ window: Window) -> [String] {
        window.descendants.filter { $0.isVisible }.compactMap { ($0 as? Label)?.text }
    }

    func testARecordOpenHereAndSavedAtAnotherDeskSaysSoInTheDialogAndReloads() throws {
        let cluster = try SharedRecordsPanelTests.cluster.get()
        try cluster.psql("CREATE ROLE reception LOGIN PASSWORD 'pw-reception'")
        try cluster.createDatabase("edited_elsewhere", owner: "reception")
        let endpoint = PostgresEndpoint(host: cluster.socketFolder, port: cluster.port, database: "edited_elsewhere", user: "reception")
        let (pathsA, keyA) = try desk("a", joining: endpoint, password: "pw-reception")
        let (pathsB, keyB) = try desk("b", joining: endpoint, password: "pw-reception")
        try GtkRuntime.test {
            let recordsA = RecordsDatabase(paths: pathsA, key: keyA)
            let recordsB = RecordsDatabase(paths: pathsB, key: keyB)
            defer { recordsA.close(); recordsB.close() }
            SharedChangesWatch.install(on: recordsA)
            SharedChangesWatch.install(on: recordsB)
            let window = Window()
            defer { window.destroy() }
            let panelA = RecordsPanel<Person>(records: recordsA, window: Window(), toast: Toast())
            let panelB = RecordsPanel<Person>(records: recordsB, window: window, toast: Toast())
            let ada = Person(firstName: "Ada", lastName: "Lovelace", statedAge: 36, email: Email("ada@example.com")!, height: 1.65)
            panelA.insert(ada)
            XCTAssertTrue(MainContext.spin(until: { panelB.list.rowCount == 1 }, timeout: 2))

            let storeA = try XCTUnwrap(try? recordsA.store(Person.self))
            let storeB = try XCTUnwrap(try? recordsB.store(Person.self))
            let id = try XCTUnwrap(try? storeB.ids(sortedBy: .id, ascending: true, search: nil).first)
            let record = try XCTUnwrap(try? storeB.record(id: id))
            let dialog = panelB.openEditor(record.model, basedOn: record, in: storeB)
            defer { dialog.cancel() }
            XCTAssertFalse(Self.shownTexts(dialog.window).contains { $0.contains("Edited at desk") }, "no notice before")

            var byron = ada
            byron.lastName = "Byron"
            XCTAssertNoThrow(try storeA.update(byron, id: id))
            XCTAssertTrue(MainContext.spin(until: {
                Self.shownTexts(dialog.window).contains("Edited at desk reception while open here")
            }, timeout: 2), "the dialog names the desk that saved: \(Self.shownTexts(dialog.window))")
            let reload = try XCTUnwrap(dialog.window.descendants.compactMap { $0 as? Button }.first { $0.label == "Reload" })
            XCTAssertTrue(reload.isVisible)

            reload.click()
            XCTAssertTrue(dialog.isFinished, "Reload closes this dialog and opens the record as saved now")
        }
    }

    func testAnEditSavedAfterAnotherDeskDeletedTheRecordAsksAndKeepsItWhenChosen() throws {
        let cluster = try SharedRecordsPanelTests.cluster.get()
        try cluster.psql("CREATE ROLE admissions LOGIN PASSWORD 'pw-admissions'")
        try cluster.createDatabase("deleted_elsewhere", owner: "admissions")
        let endpoint = PostgresEndpoint(host: cluster.socketFolder, port: cluster.port, database: "deleted_elsewhere", user: "admissions")
        let (pathsA, keyA) = try desk("a", joining: endpoint, password: "pw-admissions")
        let (pathsB, keyB) = try desk("b", joining: endpoint, password: "pw-admissions")
        try GtkRuntime.test {
            let recordsA = RecordsDatabase(paths: pathsA, key: keyA)
            let recordsB = RecordsDatabase(paths: pathsB, key: keyB)
            defer { recordsA.close(); recordsB.close() }
            let window = Window()
            defer { window.destroy() }
            let panelB = RecordsPanel<Person>(records: recordsB, window: window, toast: Toast())
            let storeA = try XCTUnwrap(try? recordsA.store(Person.self))
            let storeB = try XCTUnwrap(try? recordsB.store(Person.self))
            let ada = Person(firstName: "Ada", lastName: "Lovelace", statedAge: 36, email: Email("ada@example.com")!, height: 1.65)
            let id = try XCTUnwrap(try? storeA.insert(ada))
            let record = try XCTUnwrap(try? storeB.record(id: id))

            XCTAssertEqual(try? storeA.delete(id: id), true)
            var byron = ada
            byron.lastName = "Byron"
            panelB.save(byron, basedOn: record, in: storeB)
            let asked = try XCTUnwrap(ConflictDialog.shownDeletion, "the delete against the edit is asked about, not refused")
            XCTAssertTrue(asked.body.contains("admissions"), asked.body)
            XCTAssertEqual(asked.label(ofResponse: "keep"), "Keep My Edit")
            XCTAssertEqual(asked.label(ofResponse: "let-go"), "Let It Go")
            XCTAssertEqual(try? storeB.count(matching: nil), 0, "nothing saved before the choice")

            asked.respond(DialogResponse.keep)
            XCTAssertNil(ConflictDialog.shownDeletion)
            let kept = try XCTUnwrap(try? storeB.list(sortedBy: .id, ascending: true, search: nil, limit: nil, offset: 0))
            XCTAssertEqual(kept.map(\.model.lastName), ["Byron"], "the edit is kept as a record again")

            // Let It Go leaves the record deleted and saves nothing.
            let keptRecord = try XCTUnwrap(kept.first)
            XCTAssertEqual(try? storeA.delete(id: keptRecord.id), true)
            panelB.save(byron, basedOn: keptRecord, in: storeB)
            try XCTUnwrap(ConflictDialog.shownDeletion).respond(DialogResponse.letGo)
            XCTAssertEqual(try? storeB.count(matching: nil), 0)
        }
    }
}
