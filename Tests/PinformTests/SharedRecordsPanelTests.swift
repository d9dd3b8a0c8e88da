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

/// Two desks' records panels on one shared database (a private cluster): a record saved at
/// desk A shows in desk B's list without a reload, through LISTEN/NOTIFY watched from the GLib
/// main loop.
final class SharedRecordsPanelTests: TemporaryFolderTestCase {
    static let cluster: Result<PostgresCluster, any Error> = Result { try PostgresCluster() }
    private static let ada = Person(firstName: "Ada", lastName: "Lovelace", statedAge: 36, email: Email("ada@example.com")!, height: 1.65)

    func testASaveAtOneDeskShowsAtTheOtherWithoutAReload() throws {
        let cluster = try Self.cluster.get()
        try cluster.psql("CREATE ROLE front_desk LOGIN PASSWORD 'pw-front'")
        try cluster.createDatabase("clinic", owner: "front_desk")
        let endpoint = PostgresEndpoint(host: cluster.socketFolder, port: cluster.port, database: "clinic", user: "front_desk")
        let (pathsA, keyA) = try desk("a", joining: endpoint, password: "pw-front")
        let (pathsB, keyB) = try desk("b", joining: endpoint, password: "pw-front")
        GtkRuntime.test {
            let recordsA = RecordsDatabase(paths: pathsA, key: keyA)
            let recordsB = RecordsDatabase(paths: pathsB, key: keyB)
            SharedChangesWatch.install(on: recordsA)
            SharedChangesWatch.install(on: recordsB)
            let panelA = RecordsPanel<Person>(records: recordsA, window: Window(), toast: Toast())
            let panelB = RecordsPanel<Person>(records: recordsB, window: Window(), toast: Toast())
            XCTAssertEqual(panelB.list.rowCount, 0)

            let start = ContinuousClock.now
            panelA.insert(Self.ada)
            XCTAssertEqual(panelA.list.rowCount, 1)
            XCTAssertTrue(MainContext.spin(until: { panelB.list.rowCount == 1 }, timeout: 2))
            let elapsed = ContinuousClock.now - start
            print("A's save shown at B after \(elapsed)")
            XCTAssertLessThan(elapsed, .seconds(1), "shown at desk B within a second")
            XCTAssertEqual(panelB.list.text(row: 0, column: 1), "Lovelace")

            // Locking desk B closes its sessions; desk A's next save reaches nobody and breaks nothing.
            recordsB.close()
            panelA.insert(Self.ada)
            XCTAssertEqual(panelA.list.rowCount, 2)
            recordsA.close()
        }
    }
}
