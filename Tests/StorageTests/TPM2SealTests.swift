import Foundation
import XCTest
import SoftwareTPM
@testable import Storage
#if canImport(Glibc)
import Glibc
#endif

/// Sealing under a PIN with a real TPM stack (tpm2-tss) talking to a software TPM (swtpm) that
/// each test starts on localhost. Without swtpm and tpm2-tools these tests fail with a message
/// saying what to install: they never skip.
final class TPM2SealTests: XCTestCase {
    private let secret = (0..<32).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }

    override func setUp() {
        super.setUp()
        // tpm2-tss logs every refused PIN as an error on stderr; the tests check the errors.
        setenv("TSS2_LOG", "all+none", 1)
    }

    private func seal(_ pin: String, on tpm: TPM2Device) throws -> TPM2SealedSecret {
        try secret.withUnsafeBytes { secret in
            try Array(pin.utf8).withUnsafeBufferPointer { try tpm.seal(secret: secret, digits: $0) }
        }
    }

    private func unseal(_ sealed: TPM2SealedSecret, _ pin: String, on tpm: TPM2Device) throws -> [UInt8] {
        try Array(pin.utf8).withUnsafeBufferPointer { digits in
            let unsealed = try tpm.unseal(sealed, digits: digits)
            return unsealed.withUnsafeBytes { Array($0) }
        }
    }

    /// The TPM2Error that `work` throws, or a failure.
    private func refusal(_ work: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> TPM2Error? {
        do {
            try work()
            XCTFail("expected the TPM to refuse", file: file, line: line)
        } catch let error as TPM2Error {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
        return nil
    }

    func testTheRightPinUnsealsTheSecret() throws {
        let swtpm = try SoftwareTPM()
        let tpm = TPM2Device(tcti: swtpm.tcti)
        let sealed = try seal("2468", on: tpm)
        XCTAssertEqual(sealed.storageKey, .eccP256)
        XCTAssertEqual(try unseal(sealed, "2468", on: tpm), secret)
        XCTAssertEqual(try swtpm.lockoutCounter(), 0)
    }

    func testASecretSealedUnderTheRSAStorageKeyUnsealsToo() throws {
        let swtpm = try SoftwareTPM()
        let tpm = TPM2Device(tcti: swtpm.tcti)
        let sealed = try secret.withUnsafeBytes { secret in
            try Array("2468".utf8).withUnsafeBufferPointer { try tpm.seal(secret: secret, digits: $0, storageKey: .rsa2048) }
        }
        XCTAssertEqual(sealed.storageKey, .rsa2048)
        XCTAssertEqual(try unseal(sealed, "2468", on: tpm), secret)
        XCTAssertEqual(refusal { _ = try unseal(sealed, "1357", on: tpm) }, .wrongPIN(attemptsLeft: 2))
    }

    func testTheSealedBytesReadBackFromAFileStillUnseal() throws {
        let swtpm = try SoftwareTPM()
        let tpm = TPM2Device(tcti: swtpm.tcti)
        let folder = TemporaryDirectory()
        let file = folder.url.appendingPathComponent("sealed.bin")
        try Data(try seal("2468", on: tpm).bytes).write(to: file)
        let readBack = try TPM2SealedSecret(bytes: Array(Data(contentsOf: file)))
        XCTAssertEqual(try unseal(readBack, "2468", on: tpm), secret)
    }

    func testTheSealedBytesHoldNeitherTheSecretNorThePin() throws {
        let swtpm = try SoftwareTPM()
        let sealed = try seal("739164", on: TPM2Device(tcti: swtpm.tcti))
        let bytes = Data(sealed.bytes)
        XCTAssertNil(bytes.range(of: Data(secret)))
        XCTAssertNil(bytes.range(of: Data(secret.prefix(8))))
        XCTAssertNil(bytes.range(of: Data("739164".utf8)))
    }

    func testNeitherTheSecretNorThePinsHashCrossesTheWireInTheClear() throws {
        let swtpm = try SoftwareTPM()
        let folder = TemporaryDirectory()
        let capture = folder.url.appendingPathComponent("wire.pcap")
        // tpm2-tss's pcap TCTI records every command and response sent to the TPM behind it.
        setenv("TCTI_PCAP_FILE", capture.path, 1)
        defer { unsetenv("TCTI_PCAP_FILE") }
        let tpm = TPM2Device(tcti: "pcap:\(swtpm.tcti)")
        let sealed = try seal("2468", on: tpm)
        XCTAssertEqual(try unseal(sealed, "2468", on: tpm), secret)

        let wire = try Data(contentsOf: capture)
        XCTAssertGreaterThan(wire.count, 1000, "the capture holds the conversation")
        let auth = try Array("2468".utf8).withUnsafeBufferPointer { digits in
            let auth = try TPM2PinAuth.derive(digits: digits, salt: sealed.salt)
            return auth.withUnsafeBytes { Array($0) }
        }
        for (name, bytes) in [("secret", secret), ("PIN hash", auth), ("PIN", Array("2468".utf8))] {
            XCTAssertNil(wire.range(of: Data(bytes.prefix(8))), "the \(name) went to the TPM in the clear")
        }
    }

    func testAWrongPinIsRefusedAndRaisesTheTPMsLockoutCounter() throws {
        let swtpm = try SoftwareTPM()
        let tpm = TPM2Device(tcti: swtpm.tcti)
        let sealed = try seal("2468", on: tpm)
        let maxAttempts = try tpm.lockoutStatus().maxAttempts
        XCTAssertGreaterThan(maxAttempts, 2, "swtpm's default is 3 tries")

        XCTAssertEqual(refusal { _ = try unseal(sealed, "1357", on: tpm) }, .wrongPIN(attemptsLeft: maxAttempts - 1))
        XCTAssertEqual(try swtpm.lockoutCounter(), 1)
        XCTAssertEqual(refusal { _ = try unseal(sealed, "0000", on: tpm) }, .wrongPIN(attemptsLeft: maxAttempts - 2))
        XCTAssertEqual(try swtpm.lockoutCounter(), 2)
        XCTAssertEqual(TPM2Error.wrongPIN(attemptsLeft: 1).message, "Wrong PIN — 1 attempt left before the TPM locks")
    }

    func testEnoughWrongPinsLockTheTPMAndTheErrorSaysWhenToRetry() throws {
        let swtpm = try SoftwareTPM()
        let tpm = TPM2Device(tcti: swtpm.tcti)
        let sealed = try seal("2468", on: tpm)
        let status = try tpm.lockoutStatus()
        for _ in 1..<status.maxAttempts {
            _ = refusal { _ = try unseal(sealed, "1111", on: tpm) }
        }

        let last = refusal { _ = try unseal(sealed, "1111", on: tpm) }
        guard case .lockedOut(let retryAfter?) = last else {
            return XCTFail("expected a lockout with a time, got \(String(describing: last))")
        }
        XCTAssertGreaterThan(retryAfter, .zero)
        XCTAssertLessThanOrEqual(retryAfter, status.recoveryInterval)
        XCTAssertEqual(try swtpm.lockoutCounter(), status.maxAttempts)

        // Locked out, the right PIN is refused too, and the counter does not move.
        let rightPin = refusal { _ = try unseal(sealed, "2468", on: tpm) }
        guard case .lockedOut(let stillAfter?) = rightPin else {
            return XCTFail("expected a lockout with a time, got \(String(describing: rightPin))")
        }
        XCTAssertEqual(try swtpm.lockoutCounter(), status.maxAttempts)
        XCTAssertTrue(rightPin?.message.contains("try again in \(TPM2Error.spoken(stillAfter))") ?? false,
                      rightPin?.message ?? "")
    }

    func testTheRightPinWorksAgainOnceTheLockoutHasRecovered() throws {
        let swtpm = try SoftwareTPM()
        // Two tries, and one failure forgotten per second, so the wait fits in a test.
        try swtpm.run("tpm2_dictionarylockout",
                      ["--setup-parameters", "--max-tries=2", "--recovery-time=1", "--lockout-recovery-time=1"])
        let tpm = TPM2Device(tcti: swtpm.tcti)
        let sealed = try seal("2468", on: tpm)
        _ = refusal { _ = try unseal(sealed, "1111", on: tpm) }
        let last = refusal { _ = try unseal(sealed, "1111", on: tpm) }
        guard case .lockedOut(let retryAfter?) = last else {
            return XCTFail("expected a lockout with a time, got \(String(describing: last))")
        }
        XCTAssertEqual(retryAfter, .seconds(1))

        let deadline = Date().addingTimeInterval(10)
        while try tpm.lockoutStatus().isLockedOut, Date() < deadline {
            usleep(50_000)
        }
        XCTAssertEqual(try unseal(sealed, "2468", on: tpm), secret)
    }

    func testTheSealedBytesBesideAnotherTPMDoNotUnsealWithTheRightPin() throws {
        let first = try SoftwareTPM()
        let sealed = try seal("2468", on: TPM2Device(tcti: first.tcti))
        first.stop()
        let folder = TemporaryDirectory()
        let copy = folder.url.appendingPathComponent("sealed.bin")
        try Data(sealed.bytes).write(to: copy)

        let second = try SoftwareTPM()
        let copied = try TPM2SealedSecret(bytes: Array(Data(contentsOf: copy)))
        XCTAssertEqual(refusal { _ = try unseal(copied, "2468", on: TPM2Device(tcti: second.tcti)) }, .sealedByAnotherTPM)
        XCTAssertEqual(try second.lockoutCounter(), 0, "telling another TPM apart spends no attempt")
    }

    func testTheSealedBytesDoNotUnsealAfterTheTPMWasCleared() throws {
        let swtpm = try SoftwareTPM()
        let tpm = TPM2Device(tcti: swtpm.tcti)
        let sealed = try seal("2468", on: tpm)
        try swtpm.run("tpm2_clear", [])
        XCTAssertEqual(refusal { _ = try unseal(sealed, "2468", on: tpm) }, .sealedByAnotherTPM)
    }

    func testAlteredSealedBytesDoNotUnsealAndSpendNoAttempt() throws {
        let swtpm = try SoftwareTPM()
        let tpm = TPM2Device(tcti: swtpm.tcti)
        var bytes = try seal("2468", on: tpm).bytes
        bytes[bytes.count - 5] ^= 0x01  // inside the TPM-encrypted private part
        let altered = try TPM2SealedSecret(bytes: bytes)
        XCTAssertEqual(refusal { _ = try unseal(altered, "2468", on: tpm) }, .sealedByAnotherTPM)
        XCTAssertEqual(try swtpm.lockoutCounter(), 0)
    }

    func testATPMThatDoesNotAnswerIsReportedAsNoTPM() throws {
        let swtpm = try SoftwareTPM()
        let tcti = swtpm.tcti
        swtpm.stop()
        let tpm = TPM2Device(tcti: tcti)
        XCTAssertFalse(tpm.isUsable)
        guard case .noTPM = refusal({ _ = try seal("2468", on: tpm) }) else {
            return XCTFail("expected .noTPM")
        }
        XCTAssertNil(TPM2Device.detect(environment: [TPM2Device.tctiVariable: tcti]))
    }

    func testKeyProtectionIsTPM2OnlyWhenATPMAnswers() throws {
        let swtpm = try SoftwareTPM()
        XCTAssertEqual(TPM2Device.detect(environment: [TPM2Device.tctiVariable: swtpm.tcti]), TPM2Device(tcti: swtpm.tcti))
        XCTAssertEqual(KeyProtection.active(environment: [TPM2Device.tctiVariable: swtpm.tcti]).statusLine,
                       "key-protection: tpm2")
        swtpm.stop()
        XCTAssertEqual(KeyProtection.active(environment: [TPM2Device.tctiVariable: swtpm.tcti]), .argon2id)
    }
}
