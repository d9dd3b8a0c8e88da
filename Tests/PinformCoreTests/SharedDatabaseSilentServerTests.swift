#if canImport(Glibc)
import Glibc
#endif
import Foundation
@_spi(Testing) import Storage
import PinformCore
import PostgresCluster
import PostgresStore
import XCTest

/// A server that stops answering without closing anything — its session's process stopped with
/// SIGSTOP, or a network that swallows every packet. Each save waits at most
/// `PostgresConnection.answerDeadline`, is kept in the sealed file saying the server did not
/// answer, and is sent once the server answers again. A watchdog ends the fault after a while,
/// so that a desk that waits without a deadline fails this test instead of hanging it.
final class SharedDatabaseSilentServerTests: SharedDatabaseFaultCase {
    /// The server process stopped by the test, continued in any case when the test ends.
    private final class StoppedProcess: @unchecked Sendable {
        var pid: pid_t = 0
    }
    private let stopped = StoppedProcess()

    override func tearDownWithError() throws {
        if stopped.pid != 0 { kill(stopped.pid, SIGCONT) }
        try super.tearDownWithError()
    }

    /// The deadline and a margin for a loaded machine: more than this is waiting without one.
    private static let longestWait: Duration = PostgresConnection.answerDeadline + .seconds(3)

    /// Runs `fault`, and `end` from another thread after twice the longest wait (unless the
    /// test ended it first), so that a save that waits for ever comes back — too late.
    private static func whileSilent(_ fault: () -> Void, endedBy end: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        fault()
        let ended = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 2 * Double(Self.longestWait.components.seconds)) {
            if ended.wait(timeout: .now()) == .timedOut { end() }
        }
        return ended
    }

    private static func assertKeptInTime(_ save: () throws -> Void, waiting: Int, line: UInt = #line) {
        let started = ContinuousClock.now
        Self.assertKept(try save(), saying: PostgresConnection.noAnswer, waiting: waiting, line: line)
        let waited = ContinuousClock.now - started
        XCTAssertLessThan(waited, Self.longestWait, "the save waited \(waited) for a silent server", line: line)
    }

    func testASaveToAServerThatStoppedAnsweringIsKeptWithinTheDeadlineAndSentWhenItAnswers() throws {
        XCTAssertEqual(PostgresConnection.noAnswer, "the server did not answer in 5 seconds")
        let desks = try twoDesks()
        let cluster: PostgresCluster = cluster, proxy: DroppingProxy = proxy, stoppedProcess = stopped
        try MainActor.assumeIsolated { () throws in
            // Desk B on the socket: the process serving its session stopped (SIGSTOP) — the
            // server itself, and any new session, still answer.
            let atB = RecordsDatabase(paths: desks.b.0, key: desks.b.1)
            let storeB = try atB.store(FaultVisit.self)
            try storeB.insert(FaultVisit(name: "Ada", note: ""))
            let connectionB = try XCTUnwrap(atB.sharedConnection)
            connectionB.pauseAfterNoAnswer = .milliseconds(200)
            let process = connectionB.serverProcess
            XCTAssertGreaterThan(process, 0)
            let silence = Self.whileSilent({
                stoppedProcess.pid = process
                XCTAssertEqual(kill(process, SIGSTOP), 0, "the session's process could not be stopped")
            }, endedBy: { kill(process, SIGCONT) })
            Self.assertKeptInTime({ _ = try storeB.insert(FaultVisit(name: "Bob", note: "")) }, waiting: 1)
            silence.signal()
            kill(process, SIGCONT)
            stoppedProcess.pid = 0
            usleep(300_000)
            // Desk B's listening session was never dropped: another desk's save announced on it
            // shows that the server answers, and the kept save goes.
            try cluster.psql("INSERT INTO fault_visit (_json, _search, name, note) VALUES ('{\"name\": \"Zed\", \"note\": \"\"}', 'zed', 'Zed', '')",
                             database: "clinic")
            for _ in 0..<300 where atB.keptSaveCount > 0 {
                atB.receiveSharedChanges()
                usleep(10_000)
            }
            XCTAssertEqual(atB.keptSaveCount, 0, "not sent once the server answered another desk")
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada", "Zed", "Bob"])
            atB.close()

            // Desk A through a network that went away and came back silent: connecting again
            // gets no answer (`connect_timeout`); the save after it is kept at once, and the
            // listening session is not tried again meanwhile, not after a second wait.
            let atA = RecordsDatabase(paths: desks.a.0, key: desks.a.1)
            let storeA = try atA.store(FaultVisit.self)
            try storeA.insert(FaultVisit(name: "Cy", note: ""))
            try XCTUnwrap(atA.sharedConnection).pauseAfterNoAnswer = .seconds(1)
            proxy.cutAll()
            // As the main loop would, each time the socket is readable (what was announced, then its end).
            var listening = true
            for _ in 0..<100 where listening {
                listening = atA.receiveSharedChanges()
                if listening { usleep(10_000) }
            }
            XCTAssertFalse(listening, "the listening session was not cut")
            let swallowed = Self.whileSilent({ proxy.swallowAll() }, endedBy: { proxy.cutAll() })
            Self.assertKeptInTime({ _ = try storeA.insert(FaultVisit(name: "Dee", note: "")) }, waiting: 1)
            let started = ContinuousClock.now
            Self.assertKept(_ = try storeA.insert(FaultVisit(name: "Eve", note: "")), saying: PostgresConnection.noAnswer, waiting: 2)
            XCTAssertFalse(atA.resumeListening())
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(1), "the second save or listening waited for the silent server again")
            swallowed.signal()
            proxy.restore()
            usleep(1_000_000)
            // Listening again sends the kept saves first.
            XCTAssertTrue(atA.resumeListening(), "not listening again once the network answers")
            XCTAssertEqual(atA.keptSaveCount, 0)
            XCTAssertEqual(try Self.namesOnTheServer(cluster), ["Ada", "Zed", "Bob", "Cy", "Dee", "Eve"])
            atA.close()
        }
    }
}
