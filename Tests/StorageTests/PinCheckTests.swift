import Foundation
import PinCode
@_spi(Testing) @testable import Storage
import XCTest

/// Storage's security transaction: one call counts the failure first, checks the PIN, clears.
final class PinCheckTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pincheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func secret(_ digits: String) throws -> SecretBytes {
        var digits = digits
        return try digits.withUTF8 { try SecretBytes(copying: $0) }
    }

    private func makeCheck(saveFault: Int32? = nil) -> PinCheck {
        PinCheck(vault: KeyVault(directory: folder, derivation: .fastForTests),
                 attempts: AttemptStore(directory: folder, saveFault: saveFault))
    }

    func testTheFirstPINWritesAFreshCounterBeforeTheKeyFile() throws {
        let check = makeCheck()
        let made = try check.setFirstPIN(try secret("2468"))
        XCTAssertEqual(made.dataKey.count, KeyVault.dataKeyLength)
        XCTAssertEqual(AttemptStore(directory: folder).load(expectingFile: true).problem, nil)
        XCTAssertEqual(try check.vault.slotKinds(), [.pin, .recovery])
    }

    func testAWrongPINIsCountedOnDiskAndTheRightOneClearsIt() throws {
        let check = makeCheck()
        _ = try check.setFirstPIN(try secret("2468"))
        guard case .wrong(let policy) = check.check(try secret("1357")) else { return XCTFail("not counted as wrong") }
        XCTAssertEqual(policy.attemptsLeftBeforeLockout, AttemptPolicy.failuresBeforeLockout - 1)
        XCTAssertEqual(check.attempts.load(expectingFile: true).record.failures, 1)
        guard case .right(let key, let cleared, let saveProblem, let recoveryKey, let earlier) = check.check(try secret("2468")) else {
            return XCTFail("the right PIN was refused")
        }
        XCTAssertEqual(key.count, KeyVault.dataKeyLength)
        XCTAssertEqual(cleared.consecutiveFailures, 0)
        XCTAssertNil(saveProblem)
        XCTAssertNil(recoveryKey, "the key file had a recovery slot already")
        XCTAssertEqual(check.attempts.load(expectingFile: true).record.failures, 0)
        XCTAssertEqual(earlier?.count, 1, "the right PIN says one wrong PIN came before it")
        XCTAssertNotNil(earlier?.last)
        XCTAssertNil(check.attempts.load(expectingFile: true).record.lastFailure, "cleared with the count")
    }

    func testTheRightPINSaysHowManyWrongOnesCameBeforeItAndWhenTheLastWas() throws {
        let clock = Clock(Date(timeIntervalSince1970: 1_800_000_000))
        let check = PinCheck(vault: KeyVault(directory: folder, derivation: .fastForTests),
                             attempts: AttemptStore(directory: folder), now: { clock.now })
        _ = try check.setFirstPIN(try secret("2468"))
        _ = check.check(try secret("1357"))
        clock.now = clock.now.addingTimeInterval(60)
        _ = check.check(try secret("9135"))
        XCTAssertEqual(check.attempts.load(expectingFile: true).record.lastFailure, clock.now, "the time of the last is on disk")
        clock.now = clock.now.addingTimeInterval(3600)
        guard case .right(_, _, _, _, let earlier) = check.check(try secret("2468")) else { return XCTFail("refused") }
        XCTAssertEqual(earlier, WrongPINs(count: 2, last: Date(timeIntervalSince1970: 1_800_000_060)))
        guard case .right(_, _, _, _, let none) = check.check(try secret("2468")) else { return XCTFail("refused") }
        XCTAssertNil(none, "no wrong PIN since the last right one")
    }

    func testWhenTheFailureCannotBeWrittenNoPINIsChecked() throws {
        _ = try makeCheck().setFirstPIN(try secret("2468"))
        let check = makeCheck(saveFault: ENOSPC)
        guard case .notCounted = check.check(try secret("2468")) else {
            return XCTFail("the right PIN was checked although its attempt could not be counted")
        }
    }

    func testALockoutRefusesEvenTheRightPINUntilItEnds() throws {
        let check = makeCheck()
        _ = try check.setFirstPIN(try secret("2468"))
        for _ in 1..<AttemptPolicy.failuresBeforeLockout {
            guard case .wrong = check.check(try secret("1357")) else { return XCTFail("not counted as wrong") }
        }
        guard case .locked(let policy) = check.check(try secret("1357")) else { return XCTFail("no lockout") }
        XCTAssertTrue(policy.isLocked)
        guard case .locked = check.check(try secret("2468")) else { return XCTFail("the right PIN was checked while locked") }
        XCTAssertTrue(check.currentPolicy().isLocked, "the lockout did not reach the disk")
    }

    func testChangingAfterTheRecoveryKeyStartsTheAttemptsOver() throws {
        let check = makeCheck()
        let made = try check.setFirstPIN(try secret("2468"))
        _ = check.check(try secret("1357"))
        try check.changePIN(dataKey: made.dataKey, to: try secret("3579"), resettingAttempts: false)
        XCTAssertEqual(check.attempts.load(expectingFile: true).record.failures, 1, "a plain change reset the attempts")
        try check.changePIN(dataKey: made.dataKey, to: try secret("3579"), resettingAttempts: true)
        XCTAssertEqual(check.attempts.load(expectingFile: true).record.failures, 0)
        guard case .right = check.check(try secret("3579")) else { return XCTFail("the new PIN does not unlock") }
    }
}

/// A clock a test sets; read and set on the test's thread only.
private final class Clock: @unchecked Sendable {
    var now: Date
    init(_ now: Date) { self.now = now }
}
