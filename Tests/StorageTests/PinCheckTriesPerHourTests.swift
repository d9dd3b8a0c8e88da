import Foundation
import SoftwareTPM
import XCTest
@_spi(Testing) @testable import Storage
#if canImport(Glibc)
import Glibc
#endif

/// How many wrong PINs Pinform judges in an hour against someone who moves the clock forward
/// before every try, or writes a fresh attempts file after every wrong PIN (a simulated hour: a fake
/// wall clock and boot clock, 2 s per try; the TPM a software one, swtpm, whose own lockout is
/// set out of the way so that what is measured is Pinform's count). The figures are printed and
/// quoted in docs/security.md; the bounds make the test fail when the count stops holding.
final class PinCheckTriesPerHourTests: SoftwareTPMTestCase {
    /// The simulated clocks: `elapsed` seconds of real time, `offset` seconds the wall clock was moved.
    private final class Clocks: @unchecked Sendable {
        private let lock = NSLock()
        private var elapsedValue: TimeInterval = 0
        private var offsetValue: TimeInterval = 0
        let start = Date(timeIntervalSince1970: 1_800_000_000)

        var elapsed: TimeInterval { lock.withLock { elapsedValue } }
        func pass(_ seconds: TimeInterval) { lock.withLock { elapsedValue += seconds } }
        func moveWallClock(by seconds: TimeInterval) { lock.withLock { offsetValue += seconds } }
        func wall() -> Date { lock.withLock { start.addingTimeInterval(elapsedValue + offsetValue) } }
        func boot() -> Double { lock.withLock { 5000 + elapsedValue } }
    }

    private struct Attack: OptionSet {
        let rawValue: Int
        static let moveClock = Attack(rawValue: 1)
        static let freshFile = Attack(rawValue: 2)
    }

    private func secret(_ digits: String) throws -> SecretBytes {
        var digits = digits
        return try digits.withUTF8 { try SecretBytes(copying: $0) }
    }

    /// The wrong PINs judged in one simulated hour under `attack`, with or without the TPM.
    /// Stops at `limit` (the file-only case would run 1,800 checks): then the minutes taken say the rate.
    private func triesPerHour(_ attack: Attack, tpm swtpm: SoftwareTPM?, limit: Int = .max) throws -> (judged: Int, minutes: Int) {
        let folder = temporary.url.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clocks = Clocks()
        let boot = BootClock(id: { "boot-1" }, seconds: { clocks.boot() })
        let vault = KeyVault(directory: folder, derivation: .fastForTests, tpm: swtpm.map { TPM2Device(tcti: $0.tcti) })
        let check = PinCheck(vault: vault, attempts: AttemptStore(directory: folder, bootClock: boot), now: { clocks.wall() })
        _ = try check.setFirstPIN(secret("2468"))
        if swtpm != nil { XCTAssertNotNil(vault.attemptCounter) }
        var judged = 0
        var lastFailures = 0
        var guess = 5000
        while clocks.elapsed < 3600, judged < limit {
            if attack.contains(.moveClock) { clocks.moveWallClock(by: 86_400) }
            guess += 1
            switch check.check(try secret(String(guess))) {
            case .wrong(let policy):
                judged += 1
                lastFailures = policy.consecutiveFailures
                clocks.pass(2)
                // Each failure erased at once: a fresh attempts file.
                if attack.contains(.freshFile) { try check.attempts.save(.fresh) }
            case .locked(let policy):
                // Locked by this wrong PIN (judged and counted), or before it was tried.
                if policy.consecutiveFailures > lastFailures { judged += 1 }
                lastFailures = policy.consecutiveFailures
                clocks.pass(max(1, min(policy.remainingLockout, 60)))
            case let other:
                XCTFail("unexpected \(other)")
                return (judged, Int(clocks.elapsed / 60))
            }
        }
        return (judged, Int((clocks.elapsed / 60).rounded(.up)))
    }

    private func started() throws -> SoftwareTPM {
        let swtpm = try SoftwareTPM()
        _ = try swtpm.run("tpm2_dictionarylockout", ["--setup-parameters", "--max-tries=100000", "--recovery-time=1"])
        return swtpm
    }

    func testWithTheTPMNeitherTheClockNorAFreshFileBuysTries() throws {
        let plain = try triesPerHour([], tpm: started()).judged
        let clock = try triesPerHour(.moveClock, tpm: started()).judged
        let fresh = try triesPerHour(.freshFile, tpm: started()).judged
        let both = try triesPerHour([.moveClock, .freshFile], tpm: started()).judged
        print("tries per hour with the TPM counter: plain \(plain), clock moved \(clock), fresh attempts file \(fresh), both \(both)")
        XCTAssertGreaterThanOrEqual(plain, 5)
        XCTAssertLessThanOrEqual(plain, 12)
        XCTAssertLessThanOrEqual(clock, plain)
        XCTAssertLessThanOrEqual(fresh, plain)
        XCTAssertLessThanOrEqual(both, plain)
    }

    func testWithoutTheTPMAFreshFileBuysTriesButTheClockDoesNot() throws {
        let plain = try triesPerHour([], tpm: nil).judged
        let clock = try triesPerHour(.moveClock, tpm: nil).judged
        let fresh = try triesPerHour(.freshFile, tpm: nil, limit: 300)
        print("tries per hour with the attempts file alone: plain \(plain), clock moved \(clock), "
              + "fresh attempts file \(fresh.judged) in \(fresh.minutes) minutes")
        XCTAssertLessThanOrEqual(clock, plain, "the boot clock holds the lockout")
        XCTAssertEqual(fresh.judged, 300, "what the TPM counter is for: a fresh file starts the count over")
        XCTAssertLessThanOrEqual(fresh.minutes, 11, "no lockout: one try per 2 s")
    }
}
