import Foundation
import PinCode
import SoftwareTPM
@_spi(Testing) import Storage
import XCTest
import PinformCore
#if canImport(Glibc)
import Glibc
#endif

/// The PIN flow with a recovery key, and with its PIN slot sealed in a TPM (a software TPM
/// started by each test that needs one): headless, as the PIN window drives it.
final class PinFlowRecoveryTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        setenv("TSS2_LOG", "all+none", 1)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinflow-recovery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func vault(_ tpm: SoftwareTPM? = nil, in directory: URL? = nil) -> KeyVault {
        KeyVault(directory: directory ?? folder, derivation: .fastForTests, tpm: tpm.map { TPM2Device(tcti: $0.tcti) })
    }

    @MainActor
    private func makeFlow(_ tpm: SoftwareTPM? = nil, in directory: URL? = nil, length: Int = 4) -> PinFlow {
        PinFlow(changing: false, vault: vault(tpm, in: directory), attempts: AttemptStore(directory: directory ?? folder),
                newPINLength: length)
    }

    private func secret(_ text: String) -> SecretBytes {
        var text = text
        // swiftlint:disable:next force_try
        return try! text.withUTF8 { try SecretBytes(copying: $0) }
    }

    private func text(_ bytes: SecretBytes) -> String {
        String(decoding: bytes.withBytes { Array($0) }, as: UTF8.self)
    }

    /// Sets `pin` through the flow and returns the recovery key it showed.
    @MainActor
    private func setPIN(_ pin: String, _ tpm: SoftwareTPM? = nil) async throws -> String {
        let flow = makeFlow(tpm)
        _ = await flow.submit(secret(pin))
        let stored = await flow.submit(secret(pin))
        XCTAssertEqual(stored, .stored)
        let key = try XCTUnwrap(flow.recoveryKeyToShow)
        flow.forgetRecoveryKey()
        XCTAssertNil(flow.recoveryKeyToShow)
        return text(key)
    }

    @MainActor
    func testAFirstPINComesWithARecoveryKeyShownOnce() async throws {
        let key = try await setPIN("5978")
        XCTAssertTrue(key.wholeMatch(of: /\d{5}(-\d{5}){7}/) != nil, key)
        XCTAssertEqual(try vault().slotKinds(), [.pin, .recovery])
        let flow = makeFlow()
        let outcome = await flow.submit(secret("5978"))
        XCTAssertEqual(outcome, .accepted)
        XCTAssertNil(flow.recoveryKeyToShow, "an unlock with a recovery slot shows no key")
    }

    @MainActor
    func testTheRecoveryKeyUnlocksAndTheNewPINReplacesTheForgottenOne() async throws {
        let key = try await setPIN("5978")
        let original = try XCTUnwrap(try vault().unlock(pin: secret("5978")))
        let flow = makeFlow(length: 6)
        XCTAssertTrue(flow.offersRecoveryKey)
        flow.useRecoveryKey()
        XCTAssertEqual(flow.step, .recoveryKey)
        XCTAssertEqual(flow.prompt.title, "Enter Recovery Key")
        XCTAssertFalse(flow.offersRecoveryKey)

        let wrong = await flow.submitRecoveryKey(secret("12345-67890-12345-67890-12345-67890-12345-67890"))
        XCTAssertEqual(wrong, .wrongRecoveryKey)
        XCTAssertEqual(flow.prompt.kind, .wrong)
        XCTAssertEqual(flow.step, .recoveryKey)

        let right = await flow.submitRecoveryKey(secret(key.replacingOccurrences(of: "-", with: " ")))
        XCTAssertEqual(right, .accepted)
        XCTAssertEqual(flow.step, .choose)
        XCTAssertEqual(flow.length, 6)
        XCTAssertEqual(flow.prompt.title, "Choose a New PIN")
        _ = await flow.submit(secret("739164"))
        let stored = await flow.submit(secret("739164"))
        XCTAssertEqual(stored, .stored)
        XCTAssertTrue(try XCTUnwrap(flow.dataKey).matches(original), "the records' key is the same: nothing re-encrypted")
        XCTAssertNil(flow.recoveryKeyToShow, "the recovery key stays as it was")

        XCTAssertNil(try vault().unlock(pin: secret("5978")), "the forgotten PIN no longer opens it")
        XCTAssertTrue(try XCTUnwrap(try vault().unlock(pin: secret("739164"))).matches(original))
        XCTAssertNotNil(try vault().unlock(recoveryKey: secret(key)))
    }

    @MainActor
    func testTheRecoveryKeyIsOfferedDuringALockoutAndStartsTheAttemptsOver() async throws {
        let key = try await setPIN("5978")
        let flow = makeFlow()
        for index in 1...5 { _ = await flow.submit(secret(distinctWrongPIN(index))) }
        XCTAssertTrue(flow.isLocked)
        XCTAssertTrue(flow.offersRecoveryKey)
        flow.useRecoveryKey()
        XCTAssertFalse(flow.isLocked, "the lockout guards the PIN, not the recovery key")
        flow.usePIN()
        XCTAssertEqual(flow.prompt.kind, .locked)
        flow.useRecoveryKey()
        let right = await flow.submitRecoveryKey(secret(key))
        XCTAssertEqual(right, .accepted)
        _ = await flow.submit(secret("2580"))  // weak: refused
        _ = await flow.submit(secret("7294"))
        let stored = await flow.submit(secret("7294"))
        XCTAssertEqual(stored, .stored)
        let restarted = makeFlow()
        XCTAssertFalse(restarted.isLocked)
        let outcome = await restarted.submit(secret("1357"))
        XCTAssertEqual(outcome, .wrong(attemptsLeft: 4))
    }

    @MainActor
    func testAnUpgradedInstallationGetsARecoveryKeyOnItsFirstUnlock() async throws {
        var digits = "5978"
        try digits.withUTF8 { try PinVault(directory: folder).store(digits: $0) }
        try AttemptStore(directory: folder).save(.fresh)
        let flow = makeFlow()
        let right = await flow.submit(secret("5978"))
        XCTAssertEqual(right, .accepted)
        let key = try XCTUnwrap(flow.recoveryKeyToShow)
        XCTAssertEqual(try vault().slotKinds(), [.pin, .recovery])
        XCTAssertNotNil(try vault().unlock(recoveryKey: key))
    }

    @MainActor
    func testAPINSetWithATPMIsSealedInItAndUnlocksThroughIt() async throws {
        let swtpm = try SoftwareTPM()
        _ = try await setPIN("5978", swtpm)
        XCTAssertEqual(try vault(swtpm).slotKinds(), [.tpm2PIN, .recovery])
        let flow = makeFlow(swtpm)
        let wrong = await flow.submit(secret("1357"))
        XCTAssertEqual(wrong, .wrong(attemptsLeft: 4))
        XCTAssertEqual(try swtpm.lockoutCounter(), 1, "the TPM counted the wrong PIN as well")
        let right = await flow.submit(secret("5978"))
        XCTAssertEqual(right, .accepted)
        XCTAssertNotNil(flow.dataKey)
    }

    @MainActor
    func testTheTPMsLockoutIsSaidWithWhenToTryAgainAndTheAppsPolicyStays() async throws {
        let swtpm = try SoftwareTPM()
        _ = try await setPIN("5978", swtpm)
        let flow = makeFlow(swtpm)
        let maximum = try TPM2Device(tcti: swtpm.tcti).lockoutStatus().maxAttempts
        for index in 1..<maximum { _ = await flow.submit(secret(distinctWrongPIN(index))) }
        XCTAssertEqual(flow.prompt.kind, .wrong)
        let locking = await flow.submit(secret(distinctWrongPIN(maximum)))
        guard case .failed = locking else { return XCTFail("expected the TPM's refusal, got \(locking)") }
        XCTAssertEqual(flow.prompt.kind, .tpmLocked)
        XCTAssertTrue(flow.prompt.message.contains("The TPM is locked; try again in"), flow.prompt.message)
        flow.userEdited()
        XCTAssertEqual(flow.prompt.kind, .tpmLocked, "the message stays while the user types")
        let right = await flow.submit(secret("5978"))
        guard case .failed = right else { return XCTFail("the TPM refuses even the right PIN while locked out") }
        XCTAssertEqual(flow.prompt.kind, .tpmLocked)
        // The app's own count holds what it judged: the wrong PINs before the TPM locked.
        XCTAssertEqual(flow.policy.consecutiveFailures, maximum - 1)
    }

    @MainActor
    func testFilesBesideAnotherTPMSayToUseTheRecoveryKeyWhichThenReseals() async throws {
        let first = try SoftwareTPM()
        let key = try await setPIN("5978", first)
        first.stop()
        let other = try SoftwareTPM()
        let flow = makeFlow(other)
        let refused = await flow.submit(secret("5978"))
        guard case .failed = refused else { return XCTFail("expected a refusal, got \(refused)") }
        XCTAssertEqual(flow.prompt.kind, .needsRecoveryKey)
        XCTAssertTrue(flow.prompt.message.hasSuffix("Use the recovery key."), flow.prompt.message)
        flow.useRecoveryKey()
        let right = await flow.submitRecoveryKey(secret(key))
        XCTAssertEqual(right, .accepted)
        _ = await flow.submit(secret("739164"))
        let stored = await flow.submit(secret("739164"))
        XCTAssertEqual(stored, .stored)
        XCTAssertEqual(try vault(other).slotKinds(), [.tpm2PIN, .recovery])
        let again = makeFlow(other)
        let unlocked = await again.submit(secret("739164"))
        XCTAssertEqual(unlocked, .accepted)
    }

    @MainActor
    func testAfterTPM2ClearTheRecoveryKeyWorksAndANewPINIsSealed() async throws {
        let swtpm = try SoftwareTPM()
        let key = try await setPIN("5978", swtpm)
        try swtpm.run("tpm2_clear", [])
        let flow = makeFlow(swtpm)
        _ = await flow.submit(secret("5978"))
        XCTAssertEqual(flow.prompt.kind, .needsRecoveryKey)
        flow.useRecoveryKey()
        let right = await flow.submitRecoveryKey(secret(key))
        XCTAssertEqual(right, .accepted)
        _ = await flow.submit(secret("7294"))
        let stored = await flow.submit(secret("7294"))
        XCTAssertEqual(stored, .stored)
        XCTAssertEqual(try vault(swtpm).slotKinds(), [.tpm2PIN, .recovery])
        XCTAssertNotNil(try vault(swtpm).unlock(pin: secret("7294")))
    }
}

/// The `index`th of distinct wrong PINs: the same wrong PIN typed again counts once (issue 24),
/// so a test that wants a lockout types different ones.
private func distinctWrongPIN(_ index: Int) -> String {
    String(4093 + index * 111)
}
