import Storage
import XCTest
@testable import Pinform
import PinformCore

/// About says what protects the key: "Protected by the TPM" or "Protected by your PIN only".
final class AboutProtectionTests: XCTestCase {
    func testAboutSaysTheKeyIsProtectedByTheTPM() {
        let content = AppInfo.about(protection: .tpm2)
        XCTAssertTrue(content.comments.hasSuffix("\n\nProtected by the TPM."), content.comments)
        XCTAssertEqual(content.debugInfo, "key-protection: tpm2\n")
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
