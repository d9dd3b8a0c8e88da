import Foundation
import SoftwareTPM
import XCTest

/// `pinform --security-status`: one line naming what protects the key.
final class SecurityStatusTests: XCTestCase {
    private var app: AppProcess!

    override func setUpWithError() throws {
        app = try AppProcess()
    }

    override func tearDown() {
        app.remove()
    }

    func testSecurityStatusSaysTPM2WhenATPMAnswers() throws {
        let tpm = try SoftwareTPM()
        let output = try app.run(["--security-status"], timeout: 10, environment: ["PINFORM_TPM2_TCTI": tpm.tcti])
        XCTAssertEqual(output.status, 0, output.standardError)
        XCTAssertEqual(output.standardOutput, "key-protection: tpm2\n")
    }

    func testSecurityStatusSaysArgon2idWhenTheTPMDoesNotAnswer() throws {
        let tpm = try SoftwareTPM()
        let silent = tpm.tcti
        tpm.stop()
        let output = try app.run(["--security-status"], timeout: 10, environment: ["PINFORM_TPM2_TCTI": silent])
        XCTAssertEqual(output.status, 0, output.standardError)
        XCTAssertEqual(output.standardOutput, "key-protection: argon2id\n")
        XCTAssertEqual(output.standardError, "", "tpm2-tss's own log stays quiet")
    }
}
