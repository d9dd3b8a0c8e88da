import XCTest
@testable import Storage

/// The sealed bytes' format and the lockout arithmetic, with no TPM.
final class TPM2SealedSecretTests: XCTestCase {
    private let sample = TPM2SealedSecret(
        storageKey: .eccP256, salt: Array(repeating: 7, count: 32), primaryName: [0, 11, 1, 2, 3], publicArea: [4, 5, 6], privateArea: [8, 9])

    func testTheBytesReadBackAsTheSameSealedSecret() throws {
        let readBack = try TPM2SealedSecret(bytes: sample.bytes)
        XCTAssertEqual(readBack, sample)
        XCTAssertEqual(readBack.privateArea, [8, 9])
        XCTAssertEqual(Array(sample.bytes.prefix(10)), Array("PFTPM2SS".utf8) + [1, 1])
    }

    func testBytesCutShortAreRefusedAsDamaged() {
        for length in [0, 5, 9, 10, 13, sample.bytes.count - 1] {
            XCTAssertThrowsError(try TPM2SealedSecret(bytes: Array(sample.bytes.prefix(length)))) { error in
                guard case .unreadableSealedSecret = error as? TPM2Error else { return XCTFail("\(error)") }
            }
        }
    }

    func testTrailingBytesAreRefused() {
        XCTAssertThrowsError(try TPM2SealedSecret(bytes: sample.bytes + [0]))
    }

    func testANewerVersionIsRefusedWithAReason() {
        var bytes = sample.bytes
        bytes[8] = 2
        XCTAssertThrowsError(try TPM2SealedSecret(bytes: bytes)) { error in
            XCTAssertEqual(error as? TPM2Error, .unreadableSealedSecret(reason: "it was written by another version of Pinform"))
        }
    }

    func testAnUnknownStorageKeyIsRefusedWithAReason() {
        var bytes = sample.bytes
        bytes[9] = 9
        XCTAssertThrowsError(try TPM2SealedSecret(bytes: bytes)) { error in
            XCTAssertEqual(error as? TPM2Error,
                           .unreadableSealedSecret(reason: "it names a storage key this version does not know"))
        }
    }

    func testRetryAfterCountsTheFailuresAboveTheLimit() {
        var status = TPM2LockoutStatus(failedAttempts: 2, maxAttempts: 3, recoveryInterval: .seconds(600), isInLockout: false)
        XCTAssertFalse(status.isLockedOut)
        XCTAssertEqual(status.attemptsLeft, 1)
        XCTAssertEqual(status.retryAfter, .zero)
        status.failedAttempts = 3
        XCTAssertEqual(status.retryAfter, .seconds(600))
        status.failedAttempts = 4
        XCTAssertEqual(status.retryAfter, .seconds(1200))
        status.recoveryInterval = .zero
        XCTAssertNil(status.retryAfter, "a TPM that never recovers by itself")
    }

    func testTheWaitIsSpokenRoundedUp() {
        XCTAssertEqual(TPM2Error.spoken(.seconds(1)), "1 second")
        XCTAssertEqual(TPM2Error.spoken(.milliseconds(40_200)), "41 seconds")
        XCTAssertEqual(TPM2Error.spoken(.seconds(61)), "2 minutes")
        XCTAssertEqual(TPM2Error.spoken(.seconds(1000)), "17 minutes")
        XCTAssertEqual(TPM2Error.spoken(.seconds(7200)), "2 hours")
        XCTAssertEqual(TPM2Error.lockedOut(retryAfter: .seconds(1000)).message,
                       "Too many wrong PINs. The TPM is locked; try again in 17 minutes.")
    }
}
