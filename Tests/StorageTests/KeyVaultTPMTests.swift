import Foundation
import SoftwareTPM
import XCTest
@_spi(Testing) @testable import Storage
#if canImport(Glibc)
import Glibc
#endif

/// The key vault with its PIN slot sealed in a TPM (a software TPM, swtpm, that each test starts
/// on localhost), and the recovery key for when that TPM is gone. They fail, never skip, without
/// swtpm and tpm2-tools.
final class KeyVaultTPMTests: SoftwareTPMTestCase {
    private func vault(in folder: URL? = nil, on swtpm: SoftwareTPM?) -> KeyVault {
        KeyVault(directory: folder ?? temporary.url, derivation: .fastForTests,
                 tpm: swtpm.map { TPM2Device(tcti: $0.tcti) })
    }

    /// Copies the data folder's files to a new folder, as someone who took them would.
    private func copyOfTheFiles() throws -> TemporaryDirectory {
        let copy = TemporaryDirectory()
        for name in try FileManager.default.contentsOfDirectory(atPath: temporary.path) {
            try FileManager.default.copyItem(at: temporary.url.appendingPathComponent(name),
                                             to: copy.url.appendingPathComponent(name))
        }
        return copy
    }

    /// The VaultError that `work` throws, or a failure.
    private func failure(_ work: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> VaultError? {
        do {
            try work()
            XCTFail("expected an error", file: file, line: line)
        } catch let error as VaultError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
        return nil
    }

    func testAPINSetWhereATPMAnswersIsSealedInItAndUnlocksThroughIt() throws {
        let swtpm = try SoftwareTPM()
        let vault = vault(on: swtpm)
        let (made, recovery) = try vault.createWithRecoveryKey(pin: secret("2468"))
        XCTAssertEqual(try vault.slotKinds(), [.tpm2PIN, .recovery])
        XCTAssertEqual(vault.protection, .tpm2)
        XCTAssertEqual(KeyProtection.active(vault: vault, environment: [:]), .tpm2)
        XCTAssertEqual(vault.pinLength, 4)
        XCTAssertTrue(vault.hasRecoveryKey)
        XCTAssertEqual(recovery.count, 47)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: vault.fileURL)) as? [String: Any])
        let pinSlot = try XCTUnwrap((json["slots"] as? [[String: Any]])?.first)
        XCTAssertNil(pinSlot["kdf"], "the PIN slot has no argon2id hash to guess against away from the TPM")
        XCTAssertNotNil((pinSlot["sealed"] as? [String: String])?["object"])
        let unwrapped = try XCTUnwrap(try vault.unlock(pin: secret("2468")))
        XCTAssertTrue(unwrapped.matches(made))
        XCTAssertEqual(try swtpm.lockoutCounter(), 0)
    }

    func testWrongPINsRaiseTheTPMsLockoutCounter() throws {
        let swtpm = try SoftwareTPM()
        let vault = vault(on: swtpm)
        _ = try vault.create(pin: secret("2468"))
        XCTAssertNil(try vault.unlock(pin: secret("1357")))
        XCTAssertEqual(try swtpm.lockoutCounter(), 1)
        XCTAssertNil(try vault.unlock(pin: secret("9753")))
        XCTAssertEqual(try swtpm.lockoutCounter(), 2)
    }

    func testTheTPMsLockoutRefusesEvenTheRightPINAndSaysWhenToTryAgain() throws {
        let swtpm = try SoftwareTPM()
        let vault = vault(on: swtpm)
        _ = try vault.create(pin: secret("2468"))
        let status = try TPM2Device(tcti: swtpm.tcti).lockoutStatus()
        for _ in 1..<status.maxAttempts {
            XCTAssertNil(try vault.unlock(pin: secret("1357")))
        }
        // The failure that reaches the TPM's limit is reported as its lockout.
        guard case .tpm(.lockedOut(let wait?))? = failure({ _ = try vault.unlock(pin: secret("1357")) }) else {
            return XCTFail("expected the TPM's lockout with a wait")
        }
        XCTAssertGreaterThan(wait, .zero)
        guard case .tpm(.lockedOut)? = failure({ _ = try vault.unlock(pin: secret("2468")) }) else {
            return XCTFail("the right PIN must be refused too while the TPM is locked out")
        }
        XCTAssertTrue(VaultError.tpm(.lockedOut(retryAfter: .seconds(1000))).message.contains("try again in 17 minutes"))
    }

    func testTheFilesCopiedBesideAnotherTPMDoNotUnlockWithTheRightPINButDoWithTheRecoveryKey() throws {
        let first = try SoftwareTPM()
        let (made, recovery) = try vault(on: first).createWithRecoveryKey(pin: secret("2468"))
        let copy = try copyOfTheFiles()
        let second = try SoftwareTPM()
        let elsewhere = vault(in: copy.url, on: second)
        XCTAssertEqual(failure { _ = try elsewhere.unlock(pin: secret("2468")) }, .tpm(.sealedByAnotherTPM))
        XCTAssertEqual(try second.lockoutCounter(), 0, "telling another TPM apart costs no attempt")
        XCTAssertEqual(VaultError.tpm(.sealedByAnotherTPM).message.contains("Use the recovery key"), true)
        // Nor with no TPM at all.
        guard case .tpm(.noTPM)? = failure({ _ = try self.vault(in: copy.url, on: nil).unlock(pin: secret("2468")) }) else {
            return XCTFail("expected .noTPM")
        }
        let recovered = try XCTUnwrap(try elsewhere.unlock(recoveryKey: recovery))
        XCTAssertTrue(recovered.matches(made))
    }

    func testAfterTheTPMIsClearedTheRecoveryKeyWorksAndANewPINCanBeSet() throws {
        let swtpm = try SoftwareTPM()
        let vault = vault(on: swtpm)
        let (made, recovery) = try vault.createWithRecoveryKey(pin: secret("2468"))
        try swtpm.run("tpm2_clear", [])
        XCTAssertEqual(failure { _ = try vault.unlock(pin: secret("2468")) }, .tpm(.sealedByAnotherTPM))
        let recovered = try XCTUnwrap(try vault.unlock(recoveryKey: recovery))
        try vault.changePIN(dataKey: recovered, to: secret("739164"))
        XCTAssertEqual(try vault.slotKinds(), [.tpm2PIN, .recovery], "re-enrolled in the cleared TPM")
        XCTAssertEqual(vault.pinLength, 6)
        let unwrapped = try XCTUnwrap(try vault.unlock(pin: secret("739164")))
        XCTAssertTrue(unwrapped.matches(made))
        XCTAssertNotNil(try vault.unlock(recoveryKey: recovery), "the recovery key still works")
    }

    func testANewRecoveryKeyReplacesTheOldOne() throws {
        let swtpm = try SoftwareTPM()
        let vault = vault(on: swtpm)
        let (made, old) = try vault.createWithRecoveryKey(pin: secret("2468"))
        let new = try vault.addRecoveryKey(dataKey: made)
        XCTAssertNil(try vault.unlock(recoveryKey: old))
        XCTAssertTrue(try XCTUnwrap(try vault.unlock(recoveryKey: new)).matches(made))
        XCTAssertEqual(try vault.slotKinds(), [.tpm2PIN, .recovery])
    }

    func testWithoutATPMThePINSlotIsArgon2idsAndTheStatusSaysSo() throws {
        let swtpm = try SoftwareTPM()
        let silent = swtpm.tcti
        swtpm.stop()
        let vault = KeyVault(directory: temporary.url, derivation: .fastForTests, tpm: TPM2Device(tcti: silent))
        XCTAssertNil(vault.protection, "no key file yet")
        let made = try vault.create(pin: secret("2468"))
        XCTAssertEqual(try vault.slotKinds(), [.pin])
        XCTAssertEqual(vault.protection, .argon2id)
        XCTAssertEqual(KeyProtection.active(vault: vault, environment: [TPM2Device.tctiVariable: silent]).statusLine,
                       "key-protection: argon2id")
        XCTAssertTrue(try XCTUnwrap(try vault.unlock(pin: secret("2468"))).matches(made))
    }

    func testAnUpgradeFromPinHashIsSealedInTheTPM() throws {
        let swtpm = try SoftwareTPM()
        try Array("2468".utf8).withUnsafeBufferPointer { try PinVault(directory: temporary.url).store(digits: $0) }
        let vault = vault(on: swtpm)
        XCTAssertTrue(vault.needsUpgrade)
        XCTAssertFalse(vault.hasRecoveryKey)
        let key = try XCTUnwrap(try vault.unlock(pin: secret("2468")))
        XCTAssertEqual(try vault.slotKinds(), [.tpm2PIN])
        XCTAssertTrue(try XCTUnwrap(try vault.unlock(pin: secret("2468"))).matches(key))
    }
}
