import Foundation
import XCTest
@testable import Storage
#if canImport(Glibc)
import Glibc
#endif

/// A record whose text follows from its sequence number, so any stored copy can be checked.
private struct Entry: Codable, Equatable {
    var sequence: Int
    var text: String

    init(sequence: Int) {
        self.sequence = sequence
        text = Entry.text(for: sequence)
    }

    /// Between about 200 bytes and 2 KB, so that the log fills and checkpoints happen.
    static func text(for sequence: Int) -> String {
        String(repeating: "entry \(sequence) ", count: 20 + sequence % 120)
    }

    static let columns: [Column<Entry>] = [.integer("sequence", \.sequence), .text("text", \.text)]
}

/// Kills a process that is saving records at random moments and checks that every save it
/// reported as committed survived and that the file is sound.
///
/// The writer is this same test binary, started again with `writerVariable` set, which turns
/// `testWriterLoopWhenStartedByTheCrashTest` into an endless save loop; in a normal run that
/// method does nothing.
final class CrashTests: XCTestCase {
    private static let writerVariable = "PINFORM_CRASH_WRITER_DATABASE"
    private static let rounds = 20

    func testEverySaveReportedAsCommittedSurvivesSIGKILL() throws {
        let temporary = TemporaryDirectory()
        let file = temporary.url.appendingPathComponent(Database.fileName)
        let executable = try XCTUnwrap(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        var committed: [RecordID: Int] = [:]
        var roundsWithCommits = 0

        for round in 1...Self.rounds {
            let lines = try runWriterUntilKilled(executable: executable, database: file)
            var count = 0
            for line in lines {
                let parts = line.split(separator: " ")
                guard parts.count == 3, parts[0] == "committed", let id = Int64(parts[1]), let sequence = Int(parts[2])
                else { continue }
                committed[RecordID(id)] = sequence
                count += 1
            }
            if count > 0 { roundsWithCommits += 1 }

            let database = try Database(at: file)
            XCTAssertEqual(try database.integrityCheck(), ["ok"], "round \(round)")
            let store = try RecordStore<Entry>(database: database, table: "entry", columns: Entry.columns)
            let stored = try store.records(ids: committed.keys)
            XCTAssertEqual(stored.count, committed.count, "round \(round): committed records are missing")
            for record in stored {
                // An update may have committed just before the kill, before it was reported.
                XCTAssertGreaterThanOrEqual(record.model.sequence, committed[record.id]!, "round \(round)")
                XCTAssertEqual(record.model, Entry(sequence: record.model.sequence), "round \(round)")
            }
            database.close()
        }
        XCTAssertGreaterThan(roundsWithCommits, Self.rounds / 2, "the writer was killed too early too often")
    }

    /// Starts the writer, waits until it is ready, kills it with SIGKILL 50–400 ms later, and
    /// returns the lines it wrote to its standard error.
    private func runWriterUntilKilled(executable: String, database: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["StorageTests.CrashTests/testWriterLoopWhenStartedByTheCrashTest"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.writerVariable] = database.path
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let descriptor = errors.fileHandleForReading.fileDescriptor
        var output = [UInt8]()
        let deadline = Date().addingTimeInterval(20)
        while !output.containsLine("ready"), Date() < deadline, read(descriptor, into: &output, waiting: 100) {}
        XCTAssertTrue(output.containsLine("ready"), "the writer did not start: \(String(decoding: output, as: UTF8.self))")
        usleep(useconds_t.random(in: 50_000...400_000))
        kill(process.processIdentifier, SIGKILL)
        while read(descriptor, into: &output, waiting: 5_000) {}
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Appends what is available on `descriptor` within `milliseconds`.
    ///
    /// - Returns: `false` at the end of the stream.
    private func read(_ descriptor: Int32, into output: inout [UInt8], waiting milliseconds: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, milliseconds) > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR }
        output += buffer[..<count]
        return count > 0
    }

    /// The writer: saves records until killed, reporting each save on standard error once its
    /// transaction has committed. Does nothing unless started by the test above.
    func testWriterLoopWhenStartedByTheCrashTest() throws {
        guard let path = ProcessInfo.processInfo.environment[Self.writerVariable] else { return }
        let store = try RecordStore<Entry>(
            database: try Database(at: URL(fileURLWithPath: path)), table: "entry", columns: Entry.columns
        )
        var sequence = (try store.list(sortedBy: "sequence", ascending: false, limit: 1).first?.model.sequence ?? 0) + 1
        var own: [RecordID] = []
        report("ready")
        while true {
            if let id = own.randomElement(), Int.random(in: 0..<4) == 0 {
                try store.update(Entry(sequence: sequence), id: id)
                report("committed \(id) \(sequence)")
                sequence += 1
            } else {
                let entries = (0..<Int.random(in: 1...5)).map { Entry(sequence: sequence + $0) }
                let ids = try store.insert(contentsOf: entries)
                for (id, entry) in zip(ids, entries) {
                    report("committed \(id) \(entry.sequence)")
                }
                own += ids
                sequence += entries.count
            }
        }
    }

    /// Writes a line straight to the file descriptor, unbuffered, so nothing reported is lost.
    private func report(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}

private extension [UInt8] {
    func containsLine(_ line: String) -> Bool {
        String(decoding: self, as: UTF8.self).split(separator: "\n").contains { $0 == line }
    }
}
