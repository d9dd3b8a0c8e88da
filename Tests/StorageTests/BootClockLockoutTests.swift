import Foundation
import PinCode
@_spi(Testing) @testable import Storage
import XCTest

/// Issue 25, time cannot be bought: a lockout is bound to the kernel's boot clock, so a wall
/// clock run forward (or faked for the process) does not end it, and a restart during it
/// starts its wait again.
final class BootClockLockoutTests: XCTestCase {
    private var folder: URL!
    private let times = Times()

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("bootclock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func secret(_ digits: String) throws -> SecretBytes {
        var digits = digits
        return try digits.withUTF8 { try SecretBytes(copying: $0) }
    }

    private func makeCheck() -> PinCheck {
        let times = times
        let clock = BootClock(id: { times.boot }, seconds: { times.uptime })
        return PinCheck(vault: KeyVault(directory: folder, derivation: .fastForTests),
                        attempts: AttemptStore(directory: folder, bootClock: clock), now: { times.wall })
    }

    /// Five wrong PINs: the first lockout (30 s) begins.
    private func lockOut(_ check: PinCheck) throws {
        _ = try check.setFirstPIN(try secret("5978"))
        for wrong in ["1357", "2460", "8013", "6042", "9371"] {
            _ = check.check(try secret(wrong))
        }
        XCTAssertTrue(check.currentPolicy().isLocked)
    }

    func testTheWallClockRunForwardDoesNotEndALockout() throws {
        let check = makeCheck()
        try lockOut(check)
        times.wall = times.wall.addingTimeInterval(7_200)
        XCTAssertTrue(check.currentPolicy().isLocked, "two hours on the wall clock, no time on the boot clock")
        guard case .locked = check.check(try secret("5978")) else { return XCTFail("a PIN was checked while locked") }
        times.uptime += 29
        XCTAssertTrue(check.currentPolicy().isLocked)
        XCTAssertEqual(check.currentPolicy().remainingLockout, 1, accuracy: 0.01)
        times.uptime += 1.5
        XCTAssertFalse(check.currentPolicy().isLocked, "the boot clock says 30 s passed (and the wall clock more)")
        guard case .right = check.check(try secret("5978")) else { return XCTFail("the right PIN after the lockout") }
    }

    func testTheWallClockSetBackDoesNotLengthenItBeyondItsDuration() throws {
        let check = makeCheck()
        try lockOut(check)
        times.wall = times.wall.addingTimeInterval(-600)
        XCTAssertEqual(check.currentPolicy().remainingLockout, AttemptPolicy.firstLockout, accuracy: 0.01)
        times.uptime += 10
        times.wall = times.wall.addingTimeInterval(10)
        XCTAssertTrue(check.currentPolicy().isLocked, "ten minutes back: the lockout is no longer than its 30 s")
        XCTAssertLessThanOrEqual(check.currentPolicy().remainingLockout, AttemptPolicy.firstLockout)
    }

    func testARestartDuringALockoutWaitsItsWholeDurationAgain() throws {
        let check = makeCheck()
        try lockOut(check)
        times.uptime += 25
        times.boot = "second-boot"
        times.uptime = 3
        times.wall = times.wall.addingTimeInterval(3_600)
        XCTAssertEqual(check.currentPolicy().remainingLockout, AttemptPolicy.firstLockout, accuracy: 0.01)
        times.uptime += 29
        times.wall = times.wall.addingTimeInterval(29)
        XCTAssertTrue(check.currentPolicy().isLocked)
        times.uptime += 2
        times.wall = times.wall.addingTimeInterval(2)
        XCTAssertFalse(check.currentPolicy().isLocked)
    }

    func testALockoutSeenToEndIsNotStartedAgainByARestart() throws {
        let check = makeCheck()
        try lockOut(check)
        XCTAssertEqual(check.attempts.load(now: times.wall, expectingFile: true).record.lockedUntilBoot ?? 0,
                       times.uptime + AttemptPolicy.firstLockout, accuracy: 0.01, "bound to the boot clock")
        times.uptime += 31
        times.wall = times.wall.addingTimeInterval(31)
        XCTAssertFalse(check.currentPolicy().isLocked)
        XCTAssertNil(check.attempts.load(now: times.wall, expectingFile: true).record.lockedUntilBoot, "marked as served")
        times.boot = "second-boot"
        times.uptime = 3
        XCTAssertFalse(check.currentPolicy().isLocked)
    }

    func testALockoutOfAnOlderFileIsBoundWithWhatRemains() throws {
        let check = makeCheck()
        _ = try check.setFirstPIN(try secret("5978"))
        try check.attempts.save(AttemptRecord(failures: 5, lockouts: 1, lockedUntil: times.wall.addingTimeInterval(20)))
        XCTAssertEqual(check.currentPolicy().remainingLockout, 20, accuracy: 0.01)
        let saved = check.attempts.load(now: times.wall, expectingFile: true).record
        XCTAssertEqual(saved.bootID, times.boot)
        XCTAssertEqual(saved.lockedUntilBoot ?? 0, times.uptime + 20, accuracy: 0.01)
        times.wall = times.wall.addingTimeInterval(3_000)
        XCTAssertTrue(check.currentPolicy().isLocked)
    }

    func testAnImpossibleBootEndWaitsTheWholeDuration() throws {
        let check = makeCheck()
        _ = try check.setFirstPIN(try secret("5978"))
        try check.attempts.save(AttemptRecord(failures: 5, lockouts: 1, lockedUntil: times.wall.addingTimeInterval(20),
                                              bootID: times.boot, lockedUntilBoot: times.uptime + 1e9))
        XCTAssertEqual(check.currentPolicy().remainingLockout, AttemptPolicy.firstLockout, accuracy: 0.01)
    }

    func testTheSystemBootClockReadsProc() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/uptime"))
        let id = try XCTUnwrap(BootClock.system.id())
        XCTAssertEqual(id.count, 36, "a UUID")
        let first = try XCTUnwrap(BootClock.system.seconds())
        XCTAssertGreaterThan(first, 0)
        usleep(30_000)
        XCTAssertGreaterThan(try XCTUnwrap(BootClock.system.seconds()), first)
        XCTAssertNil(BootClock.none.seconds())
    }
}

private final class Times: @unchecked Sendable {
    var wall = Date(timeIntervalSince1970: 1_800_000_000)
    var uptime: Double = 1_000
    var boot = "first-boot"
}

/// Tampered boot bindings (issue 25's fuzz, for the fields the boot clock added): whatever a
/// file says of the boot, a lockout never lasts beyond its duration from now, never traps, and a
/// fresh counter with a forged boot binding still counts.
final class BootBindingFuzzTests: XCTestCase {
    func testTamperedBootBindingsNeverTrapAndEndWithinTheLongestLockout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bootfuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let wall = Date(timeIntervalSince1970: 1_800_000_000)
        let clock = BootClock(id: { "this-boot" }, seconds: { 5_000 })
        let check = PinCheck(vault: KeyVault(directory: folder, derivation: .fastForTests),
                             attempts: AttemptStore(directory: folder, bootClock: clock), now: { wall })
        let ends: [Double] = [0, -1, 1, 4_999, 5_000, 5_001, 5_030, 8_600, 8_601, -1e308, 1e308, 1e15, -1e15,
                              Double(Int64.max), Double.leastNormalMagnitude]
        let boots: [String?] = [nil, "this-boot", "another-boot", "", String(repeating: "x", count: 200)]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let lockouts = [0, 1, 2, 7, 8, 100, Int.max].randomElement(using: &generator)!
            let until = [nil, wall, wall.addingTimeInterval(-10), wall.addingTimeInterval(30),
                         wall.addingTimeInterval(3_600)].randomElement(using: &generator)!
            let record = AttemptRecord(failures: [0, 5, Int.max].randomElement(using: &generator)!, lockouts: lockouts,
                                       lockedUntil: until, bootID: boots.randomElement(using: &generator)!,
                                       lockedUntilBoot: ([nil] + ends.map { Optional($0) }).randomElement(using: &generator)!)
            try check.attempts.save(record)
            let policy = check.currentPolicy()
            XCTAssertTrue(policy.remainingLockout.isFinite, "\(record)")
            XCTAssertLessThanOrEqual(policy.remainingLockout, AttemptPolicy.longestLockout, "\(record)")
            XCTAssertGreaterThanOrEqual(policy.remainingLockout, 0, "\(record)")
        }
    }
}
