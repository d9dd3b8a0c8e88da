import Foundation
import XCTest
import PinCode

/// A clock the test moves by hand.
private final class FakeClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date { lock.withLock { current } }

    func advance(_ seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }
}

final class AttemptPolicyTests: XCTestCase {
    private let clock = FakeClock()

    private func makePolicy() -> AttemptPolicy {
        let clock = clock
        return AttemptPolicy(now: { clock.now })
    }

    private func fail(_ policy: inout AttemptPolicy, times: Int) {
        for _ in 0..<times { policy.recordFailure() }
    }

    func testNewPolicyIsUnlockedWithFiveAttemptsLeft() {
        let policy = makePolicy()
        XCTAssertFalse(policy.isLocked)
        XCTAssertNil(policy.lockedUntil)
        XCTAssertEqual(policy.remainingLockout, 0)
        XCTAssertEqual(policy.attemptsLeftBeforeLockout, 5)
        XCTAssertEqual(policy.consecutiveFailures, 0)
    }

    func testEachFailureBeforeTheFifthCountsDown() {
        var policy = makePolicy()
        var left: [Int] = []
        for _ in 0..<4 {
            policy.recordFailure()
            left.append(policy.attemptsLeftBeforeLockout)
        }
        XCTAssertEqual(left, [4, 3, 2, 1])
        XCTAssertFalse(policy.isLocked)
    }

    func testFifthFailureLocksForThirtySeconds() {
        var policy = makePolicy()
        fail(&policy, times: 5)
        XCTAssertTrue(policy.isLocked)
        XCTAssertEqual(policy.remainingLockout, 30)
        XCTAssertEqual(policy.lockedUntil, clock.now + 30)
        XCTAssertEqual(policy.attemptsLeftBeforeLockout, 0)
    }

    func testLockExpires() {
        var policy = makePolicy()
        fail(&policy, times: 5)
        clock.advance(29)
        XCTAssertEqual(policy.remainingLockout, 1)
        clock.advance(1)
        XCTAssertFalse(policy.isLocked)
        XCTAssertEqual(policy.remainingLockout, 0)
    }

    func testAfterTheFirstLockoutOneAttemptIsLeft() {
        var policy = makePolicy()
        fail(&policy, times: 5)
        clock.advance(30)
        XCTAssertEqual(policy.attemptsLeftBeforeLockout, 1)
    }

    func testFailuresWhileLockedAreIgnored() {
        var policy = makePolicy()
        fail(&policy, times: 5)
        clock.advance(10)
        fail(&policy, times: 3)
        XCTAssertEqual(policy.consecutiveFailures, 5)
        XCTAssertEqual(policy.lockouts, 1)
        XCTAssertEqual(policy.remainingLockout, 20)
    }

    func testLockoutsDoubleFromThirtySeconds() {
        var policy = makePolicy()
        fail(&policy, times: 4)
        var durations: [TimeInterval] = []
        for _ in 0..<5 {
            policy.recordFailure()
            durations.append(policy.remainingLockout)
            clock.advance(policy.remainingLockout)
        }
        XCTAssertEqual(durations, [30, 60, 120, 240, 480])
    }

    func testLockoutsAreCappedAtOneHour() {
        var policy = makePolicy()
        fail(&policy, times: 4)
        var durations: [TimeInterval] = []
        for _ in 0..<12 {
            policy.recordFailure()
            durations.append(policy.remainingLockout)
            clock.advance(policy.remainingLockout)
        }
        XCTAssertEqual(durations, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600, 3600])
    }

    func testLockoutDurationNeverOverflows() {
        XCTAssertEqual(AttemptPolicy.lockoutDuration(forLockout: 0), 0)
        XCTAssertEqual(AttemptPolicy.lockoutDuration(forLockout: 1), 30)
        XCTAssertEqual(AttemptPolicy.lockoutDuration(forLockout: Int.max), 3600)
    }

    func testSuccessResetsEverything() {
        var policy = makePolicy()
        fail(&policy, times: 5)
        clock.advance(30)
        policy.recordFailure()
        clock.advance(60)
        policy.recordSuccess()
        XCTAssertEqual(policy.consecutiveFailures, 0)
        XCTAssertEqual(policy.lockouts, 0)
        XCTAssertNil(policy.lockedUntil)
        XCTAssertEqual(policy.attemptsLeftBeforeLockout, 5)
    }

    func testAfterSuccessTheFirstLockoutIsThirtySecondsAgain() {
        var policy = makePolicy()
        fail(&policy, times: 5)
        clock.advance(30)
        policy.recordSuccess()
        fail(&policy, times: 5)
        XCTAssertEqual(policy.remainingLockout, 30)
    }

    func testClockSetBackDoesNotLengthenTheLock() {
        var policy = makePolicy()
        fail(&policy, times: 5)
        clock.advance(-86_400)
        XCTAssertEqual(policy.remainingLockout, 30)
    }

    func testRestoredPolicyKeepsItsLock() {
        var policy = makePolicy()
        fail(&policy, times: 5)
        let clock = clock
        let restored = AttemptPolicy(
            failures: policy.consecutiveFailures,
            lockouts: policy.lockouts,
            lockedUntil: policy.lockedUntil,
            now: { clock.now }
        )
        XCTAssertTrue(restored.isLocked)
        XCTAssertEqual(restored.remainingLockout, 30)
    }

    func testRestoringNegativeCountsReadsZero() {
        let policy = AttemptPolicy(failures: -3, lockouts: -1, lockedUntil: nil)
        XCTAssertEqual(policy.consecutiveFailures, 0)
        XCTAssertEqual(policy.lockouts, 0)
    }

    func testCodableRoundTripKeepsTheState() throws {
        var policy = makePolicy()
        fail(&policy, times: 5)
        clock.advance(30)
        policy.recordFailure()
        var decoded = try JSONDecoder().decode(AttemptPolicy.self, from: JSONEncoder().encode(policy))
        let clock = clock
        decoded.now = { clock.now }
        XCTAssertEqual(decoded.consecutiveFailures, 6)
        XCTAssertEqual(decoded.lockouts, 2)
        XCTAssertEqual(decoded.lockedUntil, policy.lockedUntil)
        XCTAssertEqual(decoded.remainingLockout, 60)
    }

    func testEncodingHoldsOnlyTheThreeStoredValues() throws {
        var policy = makePolicy()
        policy.recordFailure()
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(policy))
        let keys = (object as? [String: Any]).map { Set($0.keys) }
        XCTAssertEqual(keys, ["failures", "lockouts"])
    }
}
