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

/// A desk whose role the server lets only read: its records panel lists the shared records and
/// says, where the person looks, that this desk may not change them and who can change that.
final class SharedRightsPanelTests: TemporaryFolderTestCase {
    func testAReadersDeskListsTheRecordsAndSaysItMayNotChangeThem() throws {
        let cluster = try SharedRecordsPanelTests.cluster.get()
        let suffix = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(10)
        let owner = "office_\(suffix)", reader = "accounts_\(suffix)", database = "office_\(suffix)"
        try cluster.psql("CREATE ROLE \(owner) LOGIN PASSWORD 'pw-owner'")
        try cluster.createDatabase(database, owner: owner)
        var endpoint = PostgresEndpoint(host: cluster.socketFolder, port: cluster.port, database: database, user: owner)
        let (ownerPaths, ownerKey) = try desk("owner", joining: endpoint, password: "pw-owner")
        try MainActor.assumeIsolated { () throws in
            let records = RecordsDatabase(paths: ownerPaths, key: ownerKey)
            try records.store(Person.self).insert(Person(firstName: "Ada", lastName: "Lovelace", statedAge: 36,
                                                         email: Email("ada@example.com")!, height: 1.65))
            records.close()
        }
        try cluster.psql(PostgresSchema.setupSQL, database: database)
        try cluster.psql("CREATE ROLE \(reader) LOGIN PASSWORD 'pw-reader' IN ROLE \(PostgresSchema.readers)")
        endpoint.user = reader
        let (paths, key) = try desk("reader", joining: endpoint, password: "pw-reader")
        GtkRuntime.test {
            let records = RecordsDatabase(paths: paths, key: key)
            let panel = RecordsPanel<Person>(records: records, window: Window(), toast: Toast())
            XCTAssertEqual(panel.list.rowCount, 1)
            XCTAssertEqual(panel.list.text(row: 0, column: 1), "Lovelace")
            XCTAssertTrue(panel.readOnlyBox.isVisible, "the notice shows above the list")
            XCTAssertEqual(panel.readOnlyNotice.text, "This desk connects to the shared database as “\(reader)”, which may read "
                + "the records but not change them. Whoever runs the database server can add it to the group pinform_clerks.")
            // Readers read the history: the History button shows, and the owner's insert is in it.
            XCTAssertTrue(panel.historyButton.isVisible)
            let id = try? XCTUnwrap(records.store(Person.self).ids(sortedBy: .id, ascending: true, search: nil).first)
            let lines = id.flatMap { try? records.history(of: $0, Person.self)?.lines } ?? []
            XCTAssertEqual(lines.count, 1)
            XCTAssertTrue(lines.first?.hasSuffix(", \(owner): added") ?? false, "\(lines)")
            records.close()
        }
    }
}
