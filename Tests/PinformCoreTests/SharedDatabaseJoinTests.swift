import Foundation
@_spi(Testing) import Storage
import PinformCore
import PostgresCluster
import PostgresStore
import XCTest

private struct ClubMember: Codable, Equatable {
    var name: String
}

extension ClubMember: RecordModel {
    static var title: String { "ClubMember" }
    static var settingsKey: String { "member" }
    static var iconName: String { "avatar-default-symbolic" }
    static var blank: ClubMember { ClubMember(name: "") }
    static var table: String { "club_member" }
    static var exportFileName: String { "members.csv" }
    static var fields: [RecordField<ClubMember>] { [.text("Name", stored: "name", \.name)] }
    var summary: String { name }
}

/// A desk that already keeps records of its own joins a shared database: they stay in its
/// sealed file, and copied, they keep their identities; copying into numbers another desk's
/// records took copies nothing.
final class SharedDatabaseJoinTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-join-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func secret(_ text: String) throws -> SecretBytes {
        var text = text
        return try text.withUTF8 { try SecretBytes(copying: $0) }
    }

    /// A desk with `names` saved in its own file, then joined to `endpoint`.
    private func desk(_ name: String, keeping names: [String], joining endpoint: PostgresEndpoint) throws -> (AppPaths, SecretBytes) {
        let paths = AppPaths(dataDirectory: folder.appendingPathComponent("\(name)/data"),
                             configDirectory: folder.appendingPathComponent("\(name)/config"))
        try paths.ensureExists()
        let vault = KeyVault(directory: paths.dataDirectory, derivation: .fastForTests)
        let key = try vault.create(pin: secret("2468"))
        try MainActor.assumeIsolated { () throws in
            let records = RecordsDatabase(paths: paths, key: key)
            try records.store(ClubMember.self).insert(contentsOf: names.map { ClubMember(name: $0) })
            records.closeFile()
        }
        try SharedDatabase.join(endpoint, password: secret("pw"), vault: vault, dataKey: key)
        return (paths, key)
    }

    private func sharedDatabase() throws -> PostgresEndpoint {
        let cluster = try SharedDatabaseTests.cluster.get()
        let name = "join_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        try cluster.psql("CREATE ROLE \(name) LOGIN PASSWORD 'pw'")
        try cluster.createDatabase(String(name), owner: String(name))
        return PostgresEndpoint(host: cluster.socketFolder, port: cluster.port, database: String(name), user: String(name))
    }

    func testAJoiningDesksOwnRecordsStayInItsFileAndCopyWithTheirIdentities() throws {
        let endpoint = try sharedDatabase()
        let (paths, key) = try desk("a", keeping: ["Ada", "Bob", "Cy"], joining: endpoint)
        try MainActor.assumeIsolated { () throws in
            let records = RecordsDatabase(paths: paths, key: key)
            let shared = try records.store(ClubMember.self)
            XCTAssertEqual(try shared.count(matching: nil), 0, "the shared database shows its own records")
            let own = records.localRecords(ClubMember.self)
            XCTAssertEqual(own.map(\.model.name), ["Ada", "Bob", "Cy"], "kept in the file, not dropped")

            XCTAssertEqual(try records.copyLocalRecordsToShared(ClubMember.self), 3)
            let copied = try shared.list(sortedBy: .id, ascending: true, search: nil, limit: nil, offset: 0)
            XCTAssertEqual(copied.map(\.model.name), ["Ada", "Bob", "Cy"])
            XCTAssertEqual(copied.map(\.id), own.map(\.id), "the same identities: references still hold")
            let milliseconds = { (record: Record<ClubMember>) in (record.created.timeIntervalSince1970 * 1000).rounded() }
            XCTAssertEqual(copied.map(milliseconds), own.map(milliseconds), "the same times (the server keeps microseconds)")
            let next = try shared.insert(ClubMember(name: "Dee"))
            XCTAssertGreaterThan(next.rawValue, own.map(\.id.rawValue).max() ?? 0, "no number taken twice")
            XCTAssertEqual(records.localRecords(ClubMember.self).count, 3, "the file keeps them too")
            records.close()
        }
    }

    func testCopyingIntoNumbersAnotherDesksRecordsTookCopiesNothing() throws {
        let endpoint = try sharedDatabase()
        let (pathsA, keyA) = try desk("a", keeping: ["Ada", "Bob"], joining: endpoint)
        let (pathsB, keyB) = try desk("b", keeping: ["Zoe"], joining: endpoint)
        try MainActor.assumeIsolated { () throws in
            let recordsA = RecordsDatabase(paths: pathsA, key: keyA)
            let recordsB = RecordsDatabase(paths: pathsB, key: keyB)
            XCTAssertEqual(try recordsA.copyLocalRecordsToShared(ClubMember.self), 2)
            XCTAssertThrowsError(try recordsB.copyLocalRecordsToShared(ClubMember.self)) { error in
                guard case .constraint? = error as? StoreError else { return XCTFail("\(error)") }
            }
            XCTAssertEqual(try recordsB.store(ClubMember.self).list(sortedBy: .id, ascending: true, search: nil, limit: nil, offset: 0)
                .map(\.model.name), ["Ada", "Bob"])
            XCTAssertEqual(recordsB.localRecords(ClubMember.self).map(\.model.name), ["Zoe"], "still in desk B's file")
            recordsA.close()
            recordsB.close()
        }
    }
}
