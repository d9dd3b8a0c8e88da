import Foundation
import SoftwareTPM
import XCTest
@_spi(Testing) @testable import Storage
#if canImport(Glibc)
import Glibc
#endif

/// Issue 25, the TPM's real strength told: its lockout password read, its dictionary-attack
/// figures as the chip reports them, and a TPM that does not answer within 5 s gives up without
/// counting an attempt. They fail, never skip, without swtpm and tpm2-tools.
final class TPM2StrengthTests: SoftwareTPMTestCase {
    /// A TCP connection to the software TPM that sends nothing: swtpm serves one connection at a
    /// time, so every other waits, as behind a TPM busy with another program.
    private func holdBusy(_ swtpm: SoftwareTPM) throws -> Int32 {
        let port = try XCTUnwrap(swtpm.tcti.split(separator: "=").last.flatMap { UInt16($0) })
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        XCTAssertEqual(connected, 0)
        // A command header that promises more bytes than come: swtpm waits for the rest.
        let partial: [UInt8] = [0x80, 0x01, 0x00, 0x00, 0x00, 0x40]
        XCTAssertEqual(write(socket, partial, partial.count), partial.count)
        return socket
    }

    func testTheLockoutPasswordAndTheLimitsAreRead() throws {
        let swtpm = try SoftwareTPM()
        let status = try TPM2Device(tcti: swtpm.tcti).lockoutStatus()
        XCTAssertFalse(status.isLockoutAuthSet, "a fresh swtpm has no lockout password")
        XCTAssertTrue(status.canBeResetByAnyone)
        XCTAssertEqual(status.maxAttempts, 3)
        XCTAssertEqual(status.recoveryInterval, .seconds(1000))
        XCTAssertEqual(status.lockoutRecovery, .seconds(1000))
        _ = try swtpm.run("tpm2_changeauth", ["-c", "lockout", "lockout-secret"])
        let protected = try TPM2Device(tcti: swtpm.tcti).lockoutStatus()
        XCTAssertTrue(protected.isLockoutAuthSet)
        XCTAssertFalse(protected.canBeResetByAnyone)
    }

    func testWithoutALockoutPasswordAnyoneResetsTheCount() throws {
        let swtpm = try SoftwareTPM()
        let vault = KeyVault(directory: temporary.url, derivation: .fastForTests, tpm: TPM2Device(tcti: swtpm.tcti))
        _ = try vault.createWithRecoveryKey(pin: secret("5978"))
        XCTAssertNil(try vault.unlock(pin: secret("4093")))
        XCTAssertEqual(try swtpm.lockoutCounter(), 1)
        _ = try swtpm.run("tpm2_dictionarylockout", ["--clear-lockout"])
        XCTAssertEqual(try swtpm.lockoutCounter(), 0, "the chip's count is gone, with no password asked")
        XCTAssertEqual(KeyProtection.tpmStatusLines(try TPM2Device(tcti: swtpm.tcti).lockoutStatus()),
                       ["tpm-lockout-password: unset", "tpm-lockout-reset-by-anyone: yes",
                        "tpm-max-tries: 3", "tpm-recovery-time: 1000 s", "tpm-lockout-recovery: 1000 s"])
    }

    func testABusyTPMGivesUpWithin5SecondsAndNothingIsCounted() throws {
        let swtpm = try SoftwareTPM()
        let tpm = TPM2Device(tcti: swtpm.tcti)
        let vault = KeyVault(directory: temporary.url, derivation: .fastForTests, tpm: tpm)
        let check = PinCheck(vault: vault, attempts: AttemptStore(directory: temporary.url))
        _ = try check.setFirstPIN(secret("5978"))
        let busy = try holdBusy(swtpm)
        defer { close(busy) }
        let start = ContinuousClock.now
        let result = check.check(try secret("4093"))
        let elapsed = ContinuousClock.now - start
        guard case .failed(let error, _) = result else { return XCTFail("not a failure: \(result)") }
        XCTAssertTrue(error.message.contains("did not answer within 5 seconds"), error.message)
        XCTAssertLessThan(elapsed, .seconds(16), "each command gives up after 5 s")
        XCTAssertEqual(check.attempts.load(expectingFile: true).record.failures, 0, "an unanswered PIN is not counted")
        close(busy)
        // The abandoned conversation finishes on its thread once the TPM is free (swtpm has no
        // resource manager: its objects are flushed only when it ends); then PINs are judged again.
        var again = check.check(try secret("4093"))
        for _ in 0..<10 {
            if case .wrong = again { break }
            usleep(500_000)
            again = check.check(try secret("4093"))
        }
        guard case .wrong = again else { return XCTFail("the TPM answers again: \(again)") }
        XCTAssertEqual(check.attempts.load(expectingFile: true).record.failures, 1, "only the judged PIN counts")
    }
}

/// The sentence About shows follows the TPM last read.
final class TPM2LockoutWarningTests: XCTestCase {
    func testTheWarningFollowsTheLastReadTPM() {
        TPM2LockoutStatus.remember(TPM2LockoutStatus(failedAttempts: 0, maxAttempts: 3, recoveryInterval: .seconds(1000),
                                                     isInLockout: false, isLockoutAuthSet: false))
        XCTAssertEqual(KeyProtection.tpmLockoutWarning?.hasPrefix("The TPM has no lockout password"), true)
        TPM2LockoutStatus.remember(TPM2LockoutStatus(failedAttempts: 0, maxAttempts: 3, recoveryInterval: .seconds(1000),
                                                     isInLockout: false, isLockoutAuthSet: true))
        XCTAssertNil(KeyProtection.tpmLockoutWarning)
    }
}
