import Storage
import XCTest
@testable import Pinform
import PinformCore

/// About says what protects the key: "Protected by the TPM" or "Protected by your PIN only".
final class AboutProtectionTests: XCTestCase {
    func testAboutSaysTheKeyIsProtectedByTheTPM() {
        // A TPM whose lockout has a password (or none read yet): no warning follows.
        let content = AppInfo.about(protection: .tpm2, lockoutWarning: nil)
        XCTAssertTrue(content.comments.hasSuffix("\n\nProtected by the TPM."), content.comments)
        XCTAssertEqual(content.debugInfo, "key-protection: tpm2\n")
    }

    // Issue 25: a TPM whose lockout anyone can reset is said so after "Protected by the TPM."
    func testAboutSaysWhenAnyoneCanResetTheTPMsLockout() {
        let warning = "The TPM has no lockout password, so anyone at this computer can reset its count of wrong PINs: "
            + "then only your PIN’s length protects the records."
        let content = AppInfo.about(protection: .tpm2, lockoutWarning: warning)
        XCTAssertTrue(content.comments.hasSuffix("\n\nProtected by the TPM. " + warning), content.comments)
        XCTAssertFalse(AppInfo.about(protection: .argon2id, lockoutWarning: warning).comments.contains("lockout"))
    }

    func testAboutSaysTheKeyIsProtectedByThePINOnlyWithoutATPM() {
        let content = AppInfo.about(protection: .argon2id)
        XCTAssertTrue(content.comments.hasSuffix("\n\nProtected by your PIN only."), content.comments)
        XCTAssertEqual(content.debugInfo, "key-protection: argon2id\n")
    }

    func testAboutSaysNothingOfProtectionBeforeAPINIsSet() {
        let content = AppInfo.about(protection: nil)
        XCTAssertFalse(content.comments.contains("Protected"))
        XCTAssertEqual(content.debugInfo, "")
    }
}
