import Foundation
import SoftwareTPM
import XCTest
@_spi(Testing) @testable import Storage
#if canImport(Glibc)
import Glibc
#endif

/// The PIN check with its failures counted in the TPM's NV as well (a software TPM, swtpm, each
/// test starts): a fresh or restored attempts file, or an older key file, does not lower the
/// count. They fail, never skip, without swtpm.
final class PinCheckTPMCounterTests: SoftwareTPMTestCase {
    private func secret(_ digits: String) throws -> SecretBytes {
        var digits = digits
        return try digits.withUTF8 { try SecretBytes(copying: $0) }
    }

    /// A software TPM whose own lockout allows more wrong PINs than these tests type (swtpm's
    /// default is 3), so that what is measured is Pinform's count.
    private func started() throws -> SoftwareTPM {
        let swtpm = try SoftwareTPM()
        _ = try swtpm.run("tpm2_dictionarylockout", ["--setup-parameters", "--max-tries=32"])
        return swtpm
    }

    private func check(on swtpm: SoftwareTPM) -> PinCheck {
        PinCheck(vault: KeyVault(directory: temporary.url, derivation: .fastForTests, tpm: TPM2Device(tcti: swtpm.tcti)),
                 attempts: AttemptStore(directory: temporary.url))
    }

    private func failures(_ result: PinCheck.Result, file: StaticString = #filePath, line: UInt = #line) -> Int? {
        guard case .wrong(let policy) = result else {
            XCTFail("expected a wrong PIN, got \(result)", file: file, line: line)
            return nil
        }
        return policy.consecutiveFailures
    }

    private func isLocked(_ result: PinCheck.Result) -> Bool {
        if case .locked = result { return true }
        return false
    }

    private func isRight(_ result: PinCheck.Result) -> Bool {
        if case .right = result { return true }
        return false
    }

    func testAFreshAttemptsFileDoesNotLowerTheCountAndTheRightPINClearsIt() throws {
        let swtpm = try started()
        let check = check(on: swtpm)
        _ = try check.setFirstPIN(secret("2468"))
        XCTAssertNotNil(check.vault.attemptCounter)
        XCTAssertEqual(check.vault.chipAttempts(), .failures(0))
        for expected in 1...3 { XCTAssertEqual(failures(check.check(try secret("1111"))), expected) }
        XCTAssertEqual(check.vault.chipAttempts(), .failures(3))
        // Someone writes a fresh attempts file: the TPM still says 3, and the next wrong PIN is the 4th.
        try check.attempts.save(.fresh)
        XCTAssertEqual(check.vault.chipAttempts(), .failures(3))
        XCTAssertEqual(failures(check.check(try secret("1111"))), 4)
        XCTAssertTrue(isRight(check.check(try secret("2468"))))
        XCTAssertEqual(check.vault.chipAttempts(), .failures(0))
        XCTAssertEqual(check.attempts.load().record.failures, 0)
    }

    private func needsRecoveryKey(_ result: PinCheck.Result, file: StaticString = #filePath, line: UInt = #line) {
        guard case .failed(.tpm(.attemptCountMissing), _) = result else {
            return XCTFail("expected the recovery key's way, got \(result)", file: file, line: line)
        }
    }

    func testTheCountersNameRemovedFromTheKeyFileIsFoundAgainFromItsPINSlot() throws {
        let swtpm = try started()
        let check = check(on: swtpm)
        _ = try check.setFirstPIN(secret("2468"))
        for expected in 1...3 { XCTAssertEqual(failures(check.check(try secret("1111"))), expected) }
        // Someone deletes "attemptCounter" from keys.json and writes a fresh attempts file.
        let keyFile = temporary.url.appendingPathComponent(KeyVault.fileName)
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: keyFile)) as? [String: Any])
        XCTAssertNotNil(json.removeValue(forKey: "attemptCounter"))
        try JSONSerialization.data(withJSONObject: json).write(to: keyFile)
        try check.attempts.save(.fresh)
        XCTAssertNil(check.vault.attemptCounter)
        XCTAssertEqual(check.vault.chipAttempts(), .failures(3), "found at the handles derived from the sealed PIN slot")
        XCTAssertEqual(failures(check.check(try secret("1111"))), 4)
        XCTAssertTrue(isRight(check.check(try secret("2468"))))
        XCTAssertEqual(check.vault.chipAttempts(), .failures(0))
    }

    func testACheckCutShortAfterTheCountIsStillCounted() throws {
        let swtpm = try started()
        let check = check(on: swtpm)
        _ = try check.setFirstPIN(secret("2468"))
        // A check killed after counting in the TPM, its attempts file then replaced by a fresh one.
        XCTAssertNil(check.vault.countFailureInChip())
        try check.attempts.save(.fresh)
        XCTAssertEqual(failures(check.check(try secret("1111"))), 2)
    }

    func testFiveFailuresInTheTPMLockEvenWithAFreshAttemptsFile() throws {
        let swtpm = try started()
        let check = check(on: swtpm)
        _ = try check.setFirstPIN(secret("2468"))
        for _ in 0..<5 { XCTAssertNil(check.vault.countFailureInChip()) }
        try check.attempts.save(.fresh)
        XCTAssertTrue(isLocked(check.check(try secret("2468"))), "the right PIN waits out the lockout too")
    }

    func testMissingIndicesTryNoPINAndTheRecoveryKeyStartsOver() throws {
        let swtpm = try started()
        let check = check(on: swtpm)
        let (_, recoveryKey) = try check.setFirstPIN(secret("2468"))
        let counter = try XCTUnwrap(check.vault.attemptCounter)
        try counter.undefine(on: TPM2Device(tcti: swtpm.tcti))
        XCTAssertEqual(check.vault.chipAttempts(), .missing)
        needsRecoveryKey(check.check(try secret("2468")))
        needsRecoveryKey(check.check(try secret("1111")))
        XCTAssertEqual(check.attempts.load().record.failures, 0, "no PIN was tried, so none is counted")
        XCTAssertEqual(KeyProtection.securityStatusLines(vault: check.vault, environment: ["PINFORM_TPM2_TCTI": swtpm.tcti])
            .filter { $0.hasPrefix("attempt-counter:") }, ["attempt-counter: tpm-nv-missing"])
        // The recovery key opens, and a new PIN gets new indices with nothing counted.
        let dataKey = try XCTUnwrap(check.vault.unlock(recoveryKey: recoveryKey))
        try check.changePIN(dataKey: dataKey, to: secret("1357"), resettingAttempts: true)
        XCTAssertNotEqual(check.vault.attemptCounter, counter)
        XCTAssertEqual(check.vault.chipAttempts(), .failures(0))
        XCTAssertTrue(isRight(check.check(try secret("1357"))))
    }

    func testARestoredOlderKeyFileNamesRemovedIndicesAndTriesNoPIN() throws {
        let swtpm = try started()
        let check = check(on: swtpm)
        let (dataKey, _) = try check.setFirstPIN(secret("2468"))
        let keyFile = temporary.url.appendingPathComponent(KeyVault.fileName)
        let saved = try Data(contentsOf: keyFile)
        let old = try XCTUnwrap(check.vault.attemptCounter)
        try check.vault.changePIN(dataKey: dataKey, to: secret("1357"))
        XCTAssertNotEqual(check.vault.attemptCounter, old)
        XCTAssertThrowsError(try old.failures(on: TPM2Device(tcti: swtpm.tcti)), "a PIN change removes the old indices")
        try saved.write(to: keyFile)
        XCTAssertEqual(check.vault.attemptCounter, old)
        XCTAssertEqual(check.vault.chipAttempts(), .missing)
        needsRecoveryKey(check.check(try secret("2468")))
    }

    func testATPMInLockoutCountsNothingInItsNVAndTheNextJudgedPINDoes() throws {
        let swtpm = try SoftwareTPM()
        _ = try swtpm.run("tpm2_dictionarylockout", ["--setup-parameters", "--max-tries=2", "--recovery-time=1000"])
        let check = check(on: swtpm)
        _ = try check.setFirstPIN(secret("2468"))
        XCTAssertEqual(failures(check.check(try secret("1111"))), 1)
        // The second wrong PIN puts the TPM in lockout: said as the TPM's refusal, not counted.
        guard case .failed(.tpm(.lockedOut), _) = check.check(try secret("2222")) else { return XCTFail("expected the TPM's lockout") }
        for _ in 0..<3 {
            guard case .failed(.tpm(.lockedOut), _) = check.check(try secret("2468")) else { return XCTFail("expected the TPM's lockout") }
        }
        XCTAssertEqual(check.vault.chipAttempts(), .failures(1), "only the judged wrong PIN is in the TPM's count")
        XCTAssertEqual(check.attempts.load().record.failures, 1)
        _ = try swtpm.run("tpm2_dictionarylockout", ["--clear-lockout"])
        XCTAssertEqual(failures(check.check(try secret("3333"))), 2)
        XCTAssertEqual(check.vault.chipAttempts(), .failures(2))
    }

    func testWithoutFreeNVTheFileCountsAloneAndTheStatusSaysSo() throws {
        let swtpm = try started()
        let connection = try TPM2Connection(tcti: swtpm.tcti)
        var index: UInt32 = 0x0150_0000
        for size: UInt16 in [2048, 256, 8] {
            fill: while index < 0x0150_0000 + 2000 {
                do throws(TPM2Error) {
                    try connection.defineNV(index, size: size, attributes: TPM2Connection.NVAttribute.authWrite
                        | TPM2Connection.NVAttribute.authRead, auth: UnsafeRawBufferPointer(start: nil, count: 0))
                    index += 1
                } catch .failed(_, let code, _) where TPM2Connection.tpmResponse(code) == TPM2Connection.NVResponse.nvSpace {
                    break fill
                } catch {
                    throw error
                }
            }
        }
        let check = check(on: swtpm)
        _ = try check.setFirstPIN(secret("2468"))
        XCTAssertEqual(try check.vault.slotKinds().first, .tpm2PIN)
        XCTAssertNil(check.vault.attemptCounter)
        XCTAssertEqual(check.vault.chipAttempts(), .none)
        XCTAssertEqual(KeyProtection.securityStatusLines(vault: check.vault, environment: ["PINFORM_TPM2_TCTI": swtpm.tcti])
            .filter { $0.hasPrefix("attempt-counter:") }, ["attempt-counter: file"])
        XCTAssertEqual(failures(check.check(try secret("1111"))), 1)
        XCTAssertTrue(isRight(check.check(try secret("2468"))))
    }
}
