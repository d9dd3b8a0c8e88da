import Foundation
@_spi(Testing) import Storage
import PinformCore
import PostgresCluster
import PostgresStore
import XCTest

/// Two desks, each with its own data folder, key file and PIN, joined to one shared database on
/// a private cluster: what one saves the other lists; the password is sealed under the PIN;
/// locking closes the connection.
final class SharedDatabaseTests: XCTestCase {
    static let cluster: Result<PostgresCluster, any Error> = Result { try PostgresCluster() }
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func secret(_ text: String) throws -> SecretBytes {
        var text = text
        return try text.withUTF8 { try SecretBytes(copying: $0) }
    }

    /// A database and a login role that owns it, with a password only this test knows.
    private func sharedDatabase(role: String, password: String) throws -> PostgresEndpoint {
        let cluster = try Self.cluster.get()
        let name = "shared_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try cluster.psql("CREATE ROLE \(role)_\(name) LOGIN PASSWORD '\(password)'")
        try cluster.createDatabase(name, owner: "\(role)_\(name)")
        return PostgresEndpoint(host: cluster.socketFolder, port: cluster.port, database: name, user: "\(role)_\(name)")
    }

    /// A desk: its own folders and PIN, its data key unwrapped.
    private func desk(_ name: String) throws -> (paths: AppPaths, vault: KeyVault, key: SecretBytes) {
        let paths = AppPaths(dataDirectory: folder.appendingPathComponent("\(name)/data"),
                             configDirectory: folder.appendingPathComponent("\(name)/config"))
        try paths.ensureExists()
        let vault = KeyVault(directory: paths.dataDirectory, derivation: .fastForTests)
        return (paths, vault, try vault.create(pin: secret("2468")))
    }

    func testWhatOneDeskSavesTheOtherListsAndLockingClosesTheConnection() throws {
        let endpoint = try sharedDatabase(role: "clerk", password: "s3cret-pass")
        let deskA = try desk("a")
        let deskB = try desk("b")
        try SharedDatabase.join(endpoint, password: secret("s3cret-pass"), vault: deskA.vault, dataKey: deskA.key)
        try SharedDatabase.join(endpoint, password: secret("s3cret-pass"), vault: deskB.vault, dataKey: deskB.key)
        try MainActor.assumeIsolated { () throws in
            let recordsA = RecordsDatabase(paths: deskA.paths, key: deskA.key)
            let recordsB = RecordsDatabase(paths: deskB.paths, key: deskB.key)
            let storeA = try recordsA.store(DeskMember.self)
            let storeB = try recordsB.store(DeskMember.self)
            XCTAssertTrue(storeA is SharedDatabaseStore<DeskMember>, "the records are the server's (PostgresRecordStore, kept for later while it is away)")
            XCTAssertEqual(recordsA.sharedEndpoint, endpoint)
            let id = try storeA.insert(DeskMember(name: "Ada Lovelace", paid: true))
            XCTAssertEqual(try storeB.ids(sortedBy: .id, ascending: true, search: "lovelace"), [id])
            XCTAssertEqual(try storeB.record(id: id)?.model, DeskMember(name: "Ada Lovelace", paid: true))
            XCTAssertEqual(try Self.cluster.get().psql("SELECT name, paid FROM member", database: endpoint.database), "Ada Lovelace|t")
            // Nothing was written to either desk's local file.
            XCTAssertEqual(try RecordStore<DeskMember>(database: XCTUnwrap(recordsA.database), table: DeskMember.table,
                                                   columns: DeskMember.storeColumns).count(), 0)

            let sessions = "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(endpoint.database)' AND backend_type = 'client backend'"
            // Each desk has two sessions: one that queries, one that listens.
            XCTAssertEqual(try Self.cluster.get().psql(sessions), "4")
            recordsA.close()
            XCTAssertNil(recordsA.sharedConnection)
            XCTAssertThrowsError(try recordsA.store(DeskMember.self))
            var remaining = ""
            for _ in 0..<100 {
                remaining = try Self.cluster.get().psql(sessions)
                if remaining == "2" { break }
                usleep(10_000)
            }
            XCTAssertEqual(remaining, "2", "locking desk A ended both its sessions")
            recordsB.close()
        }
    }

    func testThePasswordIsSealedInTheKeyFileAndOnlyTheDataKeyOpensIt() throws {
        let endpoint = try sharedDatabase(role: "clerk", password: "pw-never-on-disk")
        let deskA = try desk("a")
        try SharedDatabase.join(endpoint, password: secret("pw-never-on-disk"), vault: deskA.vault, dataKey: deskA.key)
        let stored = try String(contentsOf: deskA.vault.fileURL, encoding: .utf8)
        XCTAssertFalse(stored.contains("pw-never-on-disk"))
        XCTAssertTrue(stored.contains(endpoint.database), "the address is kept in the clear")
        let joined = try XCTUnwrap(SharedDatabase.joined(vault: deskA.vault, dataKey: deskA.key))
        XCTAssertEqual(joined.endpoint, endpoint)
        XCTAssertTrue(joined.password.matches(try secret("pw-never-on-disk")))
        XCTAssertThrowsError(try SharedDatabase.joined(vault: deskA.vault, dataKey: SecretBytes.random(count: 32)))
        // Changing the PIN keeps the sealed password.
        try deskA.vault.changePIN(dataKey: deskA.key, to: secret("1357"))
        XCTAssertNotNil(try SharedDatabase.joined(vault: deskA.vault, dataKey: deskA.key))
        try SharedDatabase.leave(vault: deskA.vault)
        XCTAssertNil(try SharedDatabase.joined(vault: deskA.vault, dataKey: deskA.key))
    }

    func testAWrongPasswordIsNotSealed() throws {
        let endpoint = try sharedDatabase(role: "clerk", password: "right")
        let deskA = try desk("a")
        XCTAssertThrowsError(try SharedDatabase.join(endpoint, password: secret("wrong"), vault: deskA.vault, dataKey: deskA.key)) { error in
            guard case .serverUnavailable? = error as? StoreError else { return XCTFail("\(error)") }
        }
        XCTAssertNil(try SharedDatabase.joined(vault: deskA.vault, dataKey: deskA.key))
    }

    func testWhileTheServerCannotBeReachedNothingOpensInItsPlace() throws {
        let endpoint = try sharedDatabase(role: "clerk", password: "pw")
        let deskA = try desk("a")
        try SharedDatabase.join(endpoint, password: secret("pw"), vault: deskA.vault, dataKey: deskA.key)
        try Self.cluster.get().psql("ALTER ROLE \(endpoint.user!) PASSWORD 'changed'")
        try MainActor.assumeIsolated { () throws in
            let records = RecordsDatabase(paths: deskA.paths, key: deskA.key)
            XCTAssertThrowsError(try records.store(DeskMember.self)) { error in
                guard case .serverUnavailable? = error as? StoreError else { return XCTFail("\(error)") }
                XCTAssertTrue((error as? StoreError)?.offersRetry == true)
            }
            XCTAssertNil(records.database, "the local file is not used in the shared database's place")
        }
    }
}

/// A record model with no form: a club member.
private struct DeskMember: Codable, Equatable {
    var name: String
    var paid: Bool
}

extension DeskMember: RecordModel {
    static var title: String { "DeskMember" }
    static var settingsKey: String { "member" }
    static var iconName: String { "avatar-default-symbolic" }
    static var blank: DeskMember { DeskMember(name: "", paid: false) }
    static var table: String { "member" }
    static var exportFileName: String { "members.csv" }
    static var fields: [RecordField<DeskMember>] { [.text("Name", stored: "name", \.name), .flag("Paid", stored: "paid", \.paid)] }
    var summary: String { name }
}

extension SharedDatabaseTests {
    func testADeskWhoseListeningSessionWasDroppedListensAgainAndCatchesUp() throws {
        let endpoint = try sharedDatabase(role: "clerk", password: "pw")
        let deskA = try desk("a")
        let deskB = try desk("b")
        try SharedDatabase.join(endpoint, password: secret("pw"), vault: deskA.vault, dataKey: deskA.key)
        try SharedDatabase.join(endpoint, password: secret("pw"), vault: deskB.vault, dataKey: deskB.key)
        try MainActor.assumeIsolated { () throws in
            let recordsA = RecordsDatabase(paths: deskA.paths, key: deskA.key)
            let recordsB = RecordsDatabase(paths: deskB.paths, key: deskB.key)
            var announced: [Set<String>] = []
            recordsB.observeSharedChanges { announced.append($0) }
            let storeA = try recordsA.store(DeskMember.self)
            let storeB = try recordsB.store(DeskMember.self)
            // The server ends every session of desk B (an administrator, a restart).
            try Self.cluster.get().psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                + "WHERE datname = '\(endpoint.database)' AND pid <> pg_backend_pid()")
            let sessions = "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(endpoint.database)' AND pid <> pg_backend_pid()"
            var tries = 0
            while try Self.cluster.get().psql(sessions) != "0", tries < 200 {
                tries += 1
                usleep(10_000)
            }
            // As the main loop would, each time the socket is readable (the server's goodbye, then its end).
            var listening = true
            for _ in 0..<100 where listening {
                listening = recordsB.receiveSharedChanges()
                if listening { usleep(10_000) }
            }
            XCTAssertFalse(listening, "the dropped listening session is noticed")
            XCTAssertTrue(recordsB.needsToResumeListening)
            // Desk A's sessions were ended too: its next statement finds out first and connects again.
            let id = try storeA.insert(DeskMember(name: "Grace Hopper", paid: false))
            XCTAssertTrue(recordsB.resumeListening())
            XCTAssertEqual(announced.last, ["*"], "the lists read again: what was announced meanwhile is lost")
            XCTAssertEqual(try storeB.ids(sortedBy: .id, ascending: true, search: "hopper"), [id],
                           "desk B's query session was opened again before its next statement")
            announced.removeAll()
            _ = try storeA.insert(DeskMember(name: "Alan Turing", paid: false))
            for _ in 0..<100 where announced.isEmpty {
                recordsB.receiveSharedChanges()
                usleep(10_000)
            }
            XCTAssertEqual(announced, [["member"]])
            XCTAssertEqual(try storeB.count(matching: "grace"), 1, "nothing saved twice")
            recordsA.close()
            recordsB.close()
        }
    }
}
