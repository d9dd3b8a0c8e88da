import Foundation
import SoftwareTPM
@_spi(Testing) @testable import Storage
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
        // Issue 25: the first line as before, then the TPM's lockout (swtpm: no lockout password).
        XCTAssertEqual(output.standardOutput, "key-protection: tpm2\ntpm-lockout-password: unset\ntpm-lockout-reset-by-anyone: yes\ntpm-max-tries: 3\ntpm-recovery-time: 1000 s\ntpm-lockout-recovery: 1000 s\n")
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

    /// The data folder's vault, as the app sees it, with `tpm`.
    private func vault(_ tpm: SoftwareTPM?) throws -> KeyVault {
        let folder = app.home.appendingPathComponent("data/pinform")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return KeyVault(directory: folder, derivation: .fastForTests, tpm: tpm.map { TPM2Device(tcti: $0.tcti) })
    }

    private func pin(_ text: String) throws -> SecretBytes {
        var text = text
        return try text.withUTF8 { try SecretBytes(copying: $0) }
    }

    func testSecurityStatusSaysWhatTheKeyFileUsesNotWhetherATPMAnswers() throws {
        let tpm = try SoftwareTPM()
        _ = try vault(nil).create(pin: pin("2468"))
        let output = try app.run(["--security-status"], timeout: 10, environment: ["PINFORM_TPM2_TCTI": tpm.tcti])
        XCTAssertEqual(output.standardOutput, "key-protection: argon2id\n", "a PIN set without a TPM stays argon2id's")
    }

    func testSecurityStatusSaysTPM2ForASealedKeyFileEvenWhenTheTPMIsGone() throws {
        let tpm = try SoftwareTPM()
        _ = try vault(tpm).create(pin: pin("2468"))
        let silent = tpm.tcti
        tpm.stop()
        let output = try app.run(["--security-status"], timeout: 10, environment: ["PINFORM_TPM2_TCTI": silent])
        XCTAssertEqual(output.status, 0, output.standardError)
        // Issue 25: the first line as before, then that the TPM's lockout cannot be read.
        XCTAssertEqual(output.standardOutput, "key-protection: tpm2\ntpm-lockout-password: unknown\n")
    }
}
