import Foundation
@_spi(Testing) import Storage
import PinformCore
import PostgresCluster
import PostgresStore
import XCTest

/// Faults of the server itself, against a real private cluster: the desk's password changed
/// while it is connected, and the server's disk full (a tablespace on a tiny tmpfs, as root).
final class SharedDatabaseServerFaultTests: SharedDatabaseFaultCase {
    func testAPasswordChangedWhileConnectedSaysSoAndKeepsTheSavesUntilTheNewOneIsEntered() throws {
        let desks = try twoDesks()
        let cluster: PostgresCluster = cluster, port = proxy.port, changed = try secret("changed")
        try MainActor.assumeIsolated { () throws in
            let records = RecordsDatabase(paths: desks.a.0, key: desks.a.1)
            let store = try records.store(FaultVisit.self)
            try store.insert(FaultVisit(name: "Ada", note: ""))
            try cluster.psql("ALTER ROLE front PASSWORD 'changed'")
            try cluster.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'front'")
            let refused = "the server refused this desk’s password; enter the new one in Preferences"
            Self.assertKept(_ = try store.insert(FaultVisit(name: "Bob", note: "")), saying: refused, waiting: 1)
            Self.assertKept(_ = try store.insert(FaultVisit(name: "Cy", note: "")), saying: refused, waiting: 2)
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada"])

            // The new password, entered in Preferences, is sealed; the records open with it and send.
            records.closeFile()
            let endpoint = PostgresEndpoint(host: "127.0.0.1", port: port, database: "clinic", user: "front", sslMode: "disable")
            try SharedDatabase.join(endpoint, password: changed, vault: desks.a.2, dataKey: desks.a.1)
            _ = try records.store(FaultVisit.self)
            XCTAssertEqual(records.keptSaveCount, 0)
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada", "Bob", "Cy"])
            records.close()
        }
    }

    func testTheServersDiskFullKeepsTheSaveUntilThereIsRoomAgain() throws {
        guard getuid() == 0 else { throw XCTSkip("mounting a tiny tmpfs for the server's tablespace needs root (CI runs as root)") }
        let tiny = folder.appendingPathComponent("tiny").path
        try FileManager.default.createDirectory(atPath: tiny, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", tiny]) else {
            throw XCTSkip("this machine does not let root mount a tmpfs")
        }
        defer { _ = Self.run("/bin/umount", ["-l", tiny]) }
        let owner = try FileManager.default.attributesOfItem(atPath: cluster.socketFolder)
        XCTAssertEqual(chown(tiny, (owner[.ownerAccountID] as? NSNumber)?.uint32Value ?? 0,
                             (owner[.groupOwnerAccountID] as? NSNumber)?.uint32Value ?? 0), 0)
        let desks = try twoDesks()
        let cluster: PostgresCluster = cluster
        try MainActor.assumeIsolated { () throws in
            let records = RecordsDatabase(paths: desks.b.0, key: desks.b.1)
            let store = try records.store(FaultVisit.self)
            try store.insert(FaultVisit(name: "Ada", note: ""))
            try cluster.psql("CREATE TABLESPACE tiny LOCATION '\(tiny)'")
            try cluster.psql("ALTER TABLE fault_visit SET TABLESPACE tiny", database: "clinic")
            // The rest of the tmpfs filled: the next page the table needs cannot be written.
            _ = Self.run("/bin/dd", ["if=/dev/zero", "of=\(tiny)/filler", "bs=16k"])
            let long = (0..<1_100).map { _ in String(UInt8.random(in: 16...255), radix: 16) }.joined()
            Self.assertKept(_ = try store.insert(FaultVisit(name: "Bob", note: long)), saying: "the server’s disk is full", waiting: 1)
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada"])
            XCTAssertEqual(records.sendKeptSaves().problem.flatMap(SharedDatabaseFault.keepingReason), "the server’s disk is full",
                           "still full: nothing sent, nothing dropped")
            XCTAssertEqual(records.keptSaveCount, 1)

            try FileManager.default.removeItem(atPath: tiny + "/filler")
            let (sent, problem) = records.sendKeptSaves()
            XCTAssertEqual(sent, 1, String(describing: problem))
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada", "Bob"])
            XCTAssertTrue(try store.list(sortedBy: .id, ascending: true, search: nil, limit: nil, offset: 0).last?.model.note == long)
            records.close()
        }
        self.cluster = nil
    }

    static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
