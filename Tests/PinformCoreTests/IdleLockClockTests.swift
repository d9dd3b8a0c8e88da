import PinformCore
import XCTest

final class IdleLockClockTests: XCTestCase {
    func testTheLockIsDueTheDelayAfterTheLastInput() {
        var clock = IdleLockClock(delay: 300, now: 1000)
        XCTAssertEqual(clock.remaining(at: 1000), 300)
        clock.noteInput(at: 1200)
        XCTAssertFalse(clock.isDue(at: 1499))
        XCTAssertEqual(clock.remaining(at: 1450), 50)
        XCTAssertTrue(clock.isDue(at: 1500))
    }

    func testAnInputFromBeforeTheLastOneDoesNotMoveTheDeadlineBack() {
        var clock = IdleLockClock(delay: 60, now: 0)
        clock.noteInput(at: 50)
        clock.noteInput(at: 10)
        XCTAssertEqual(clock.remaining(at: 50), 60)
    }

    func testADelayOfZeroNeverLocks() {
        let clock = IdleLockClock(delay: 0, now: 0)
        XCTAssertFalse(clock.isEnabled)
        XCTAssertNil(clock.remaining(at: 1_000_000))
        XCTAssertFalse(clock.isDue(at: 1_000_000))
    }

    func testRestartingCountsFromThen() {
        var clock = IdleLockClock(delay: 60, now: 0)
        clock.restart(at: 500)
        XCTAssertEqual(clock.remaining(at: 530), 30)
    }

    func testOnlyTheUsersOwnLockAsks() {
        XCTAssertTrue(LockReason.user.canAsk)
        XCTAssertFalse(LockReason.idle.canAsk)
        XCTAssertFalse(LockReason.session.canAsk)
    }
}
