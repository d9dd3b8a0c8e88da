import Foundation
@_spi(Testing) import Storage
import PinformCore
import PostgresCluster
import PostgresStore
import XCTest

/// Faults against a real private cluster, each while a desk saves: the session killed
/// (`pg_terminate_backend`) and the server restarted in the middle of a save, the network cut
/// by a proxy, the server's disk full, the desk's password changed. Each time the desk says what
/// happened in plain words, keeps the save in its sealed file and sends it, in order, once the
/// server takes it again.
class SharedDatabaseFaultCase: XCTestCase {
    var folder: URL!
    var cluster: PostgresCluster!
    var proxy: DroppingProxy!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        cluster = try PostgresCluster()
        proxy = try DroppingProxy(to: cluster)
    }

    override func tearDownWithError() throws {
        proxy = nil
        cluster = nil
        try? FileManager.default.removeItem(at: folder)
    }

    func secret(_ text: String) throws -> SecretBytes {
        var text = text
        return try text.withUTF8 { try SecretBytes(copying: $0) }
    }

    /// Desk A, joined through the proxy (TCP, 127.0.0.1), and desk B on the socket, both as `front`.
    func twoDesks() throws -> (a: (AppPaths, SecretBytes, KeyVault), b: (AppPaths, SecretBytes)) {
        try cluster.psql("CREATE ROLE front LOGIN PASSWORD 'pw'")
        try cluster.createDatabase("clinic", owner: "front")
        let throughProxy = PostgresEndpoint(host: "127.0.0.1", port: proxy.port, database: "clinic", user: "front", sslMode: "disable")
        let direct = PostgresEndpoint(host: cluster.socketFolder, port: cluster.port, database: "clinic", user: "front")
        let desks = try [("a", throughProxy), ("b", direct)].map { name, endpoint in
            let paths = AppPaths(dataDirectory: folder.appendingPathComponent("\(name)/data"),
                                 configDirectory: folder.appendingPathComponent("\(name)/config"))
            try paths.ensureExists()
            let vault = KeyVault(directory: paths.dataDirectory, derivation: .fastForTests)
            let key = try vault.create(pin: secret("2468"))
            try SharedDatabase.join(endpoint, password: secret("pw"), vault: vault, dataKey: key)
            return (paths, key, vault)
        }
        return ((desks[0].0, desks[0].1, desks[0].2), (desks[1].0, desks[1].1))
    }

    /// Asserts that `body` kept its save, saying `words`, with `waiting` saves kept in all.
    static func assertKept(_ body: @autoclosure () throws -> Void, saying words: String, or other: String? = nil,
                           waiting: Int, line: UInt = #line) {
        XCTAssertThrowsError(try body(), line: line) { error in
            guard case .keptForLater(let reason, let count)? = error as? StoreError else {
                return XCTFail("\(error): not kept", line: line)
            }
            XCTAssertTrue(reason == words || reason == other, "“\(reason)” is not “\(words)”", line: line)
            XCTAssertEqual(count, waiting, line: line)
            let message = (error as? StoreError)?.message ?? ""
            XCTAssertTrue(message.contains(reason) && message.contains("kept on this desk"), message, line: line)
        }
    }

    /// Saves whose note is "slow" take a second on the server, so that a fault can come in the middle.
    static func slowSaves(_ cluster: PostgresCluster) throws {
        try cluster.psql("""
            CREATE FUNCTION slow_save() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN IF NEW._json->>'note' = 'slow' THEN PERFORM pg_sleep(1.5); END IF; RETURN NEW; END $$;
            CREATE TRIGGER slow BEFORE INSERT OR UPDATE ON fault_visit FOR EACH ROW EXECUTE FUNCTION slow_save();
            """, database: "clinic")
    }

    /// Runs `fault` on another thread once a save is sleeping in `slow_save`; wait on the
    /// semaphore for it to be done.
    static func duringTheSlowSave(_ cluster: PostgresCluster, _ fault: @escaping @Sendable (PostgresCluster) -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for _ in 0..<100 {
                let sleeping = (try? cluster.psql("SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep'"))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                if sleeping == "1" { break }
                usleep(50_000)
            }
            fault(cluster)
            done.signal()
        }
        return done
    }

    /// The names in the server's table, by identity (the order they were saved in).
    static func namesOnTheServer(_ cluster: PostgresCluster) throws -> [String] {
        try cluster.psql("SELECT name FROM fault_visit ORDER BY id", database: "clinic")
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// The session and the network failing in the middle of saves.
final class SharedDatabaseFaultTests: SharedDatabaseFaultCase {
    func testATransactionKilledMidSaveIsKeptAndSentBeforeTheNextSave() throws {
        let desks = try twoDesks()
        let cluster: PostgresCluster = cluster
        try MainActor.assumeIsolated { () throws in
            let records = RecordsDatabase(paths: desks.a.0, key: desks.a.1)
            let store = try records.store(FaultVisit.self)
            try store.insert(FaultVisit(name: "Ada", note: ""))
            try Self.slowSaves(cluster)
            let killed = Self.duringTheSlowSave(cluster) { cluster in
                _ = try? cluster.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event = 'PgSleep'")
            }
            Self.assertKept(_ = try store.insert(FaultVisit(name: "Bob", note: "slow")),
                            saying: "the connection to the server was lost in the middle of the save", waiting: 1)
            XCTAssertEqual(killed.wait(timeout: .now() + 10), .success)
            XCTAssertEqual(records.keptSaveCount, 1)
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada"], "the killed transaction was rolled back")
            // The next save sends the kept one first: they reach the server in the order they were made.
            try store.insert(FaultVisit(name: "Cy", note: ""))
            XCTAssertEqual(records.keptSaveCount, 0)
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada", "Bob", "Cy"])
            records.close()
        }
    }

    func testTheServerRestartedMidSaveKeepsTheSaveUntilItIsBack() throws {
        let desks = try twoDesks()
        let cluster: PostgresCluster = cluster
        try MainActor.assumeIsolated { () throws in
            // On the Unix socket, as a desk on the server's own machine.
            let records = RecordsDatabase(paths: desks.b.0, key: desks.b.1)
            let store = try records.store(FaultVisit.self)
            let id = try store.insert(FaultVisit(name: "Ada", note: ""))
            let base = try XCTUnwrap(store.record(id: id))
            try Self.slowSaves(cluster)
            let stopped = Self.duringTheSlowSave(cluster) { $0.stop() }
            Self.assertKept(try store.update(FaultVisit(name: "Ada", note: "slow"), basedOn: base, resolving: .ask),
                            saying: "the server is restarting", or: "the server is not running", waiting: 1)
            XCTAssertEqual(stopped.wait(timeout: .now() + 20), .success)
            // Started again by this thread (the server dies with the thread that started it).
            try cluster.start()
            XCTAssertEqual(try store.record(id: id)?.model.note, "", "nothing half-saved")
            XCTAssertEqual(records.sendKeptSaves().sent, 1)
            XCTAssertEqual(records.keptSaveCount, 0)
            XCTAssertEqual(try store.record(id: id)?.model.note, "slow")
            records.close()
        }
    }

    func testTheNetworkCutByAProxyKeepsTheSavesAndSendsThemInOrderWhenItIsBack() throws {
        let desks = try twoDesks()
        let cluster: PostgresCluster = cluster, proxy: DroppingProxy = proxy
        try MainActor.assumeIsolated { () throws in
            let records = RecordsDatabase(paths: desks.a.0, key: desks.a.1)
            let store = try records.store(FaultVisit.self)
            try store.insert(FaultVisit(name: "Ada", note: ""))
            proxy.cutAll()
            Self.assertKept(_ = try store.insert(FaultVisit(name: "Bob", note: "")), saying: "the connection to the server was cut", waiting: 1)
            Self.assertKept(_ = try store.insert(FaultVisit(name: "Cy", note: "")), saying: "the connection to the server was cut", waiting: 2)
            XCTAssertEqual(records.sendKeptSaves().problem.flatMap(SharedDatabaseFault.keepingReason), "the connection to the server was cut")
            XCTAssertEqual(records.keptSaveCount, 2, "nothing sent, nothing dropped")
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada"])

            proxy.restore()
            XCTAssertEqual(records.sendKeptSaves().sent, 2)
            XCTAssertEqual(records.keptSaveCount, 0)
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada", "Bob", "Cy"])
            records.close()
        }
    }

    func testASaveWhoseCommitsAnswerWasLostIsNotAppliedTwiceWhenSentAgain() throws {
        let desks = try twoDesks()
        let cluster: PostgresCluster = cluster, proxy: DroppingProxy = proxy
        try MainActor.assumeIsolated { () throws in
            let records = RecordsDatabase(paths: desks.a.0, key: desks.a.1)
            let store = try records.store(FaultVisit.self)
            try store.insert(FaultVisit(name: "Ada", note: ""))
            proxy.dropAfterNextCommit()
            Self.assertKept(_ = try store.insert(FaultVisit(name: "Bob", note: "")),
                            saying: "the connection to the server was lost in the middle of the save", waiting: 1)
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada", "Bob"], "the server committed; the desk could not know")

            XCTAssertEqual(records.sendKeptSaves().sent, 1, "counted as sent")
            XCTAssertEqual(records.keptSaveCount, 0)
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada", "Bob"], "not applied twice")
            XCTAssertEqual(try cluster.psql("SELECT count(*) FROM _pinform_operations", database: "clinic")
                .trimmingCharacters(in: .whitespacesAndNewlines), "2")
            records.close()
        }
    }
}
