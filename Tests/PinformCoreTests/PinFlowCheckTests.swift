import Foundation
@_spi(Testing) import Storage
import XCTest
import PinformCore

/// The PIN check asked before a new recovery key: the current PIN, counted as any PIN, and the
/// flow ends there with the data key (no new PIN is chosen).
final class PinFlowCheckTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinflow-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    @MainActor
    private func makeFlow(changing: Bool, checkingOnly: Bool) -> PinFlow {
        PinFlow(changing: changing, vault: KeyVault(directory: folder, derivation: .fastForTests),
                attempts: AttemptStore(directory: folder), newPINLength: 4, checkingOnly: checkingOnly)
    }

    private func secret(_ digits: String) -> SecretBytes {
        var digits = digits
        // swiftlint:disable:next force_try
        return try! digits.withUTF8 { try SecretBytes(copying: $0) }
    }

    @MainActor
    private func storePIN(_ digits: String) async {
        let flow = makeFlow(changing: false, checkingOnly: false)
        _ = await flow.submit(secret(digits))
        _ = await flow.submit(secret(digits))
    }

    @MainActor
    func testTheRightPINEndsTheCheckWithTheDataKeyAndNoNewPIN() async throws {
        await storePIN("5978")
        let flow = makeFlow(changing: true, checkingOnly: true)
        XCTAssertEqual(flow.step, .current)
        XCTAssertEqual(flow.prompt.message, "Enter your PIN to make a new recovery key.")
        let outcome = await flow.submit(secret("5978"))
        XCTAssertEqual(outcome, .accepted)
        XCTAssertEqual(flow.step, .current, "a check must not go on to choosing a new PIN")
        XCTAssertFalse(flow.offersLengthChoice)
        let key = try XCTUnwrap(flow.dataKey)
        var pin = "5978"
        let stored = try pin.withUTF8 { try KeyVault(directory: folder).unlock(pin: SecretBytes(copying: $0)) }
        XCTAssertTrue(try XCTUnwrap(stored).matches(key))
        // The PIN itself is kept for a new data key (Lock Out Old Keys) until forgotten.
        XCTAssertTrue(try XCTUnwrap(flow.checkedPIN).matches(secret("5978")))
        flow.forgetCheckedPIN()
        XCTAssertNil(flow.checkedPIN)
    }

    @MainActor
    func testAWrongPINInTheCheckCountsAgainstTheLockout() async {
        await storePIN("5978")
        let flow = makeFlow(changing: true, checkingOnly: true)
        let outcome = await flow.submit(secret("1357"))
        XCTAssertEqual(outcome, .wrong(attemptsLeft: 4))
        XCTAssertNil(flow.dataKey)
        XCTAssertNil(flow.checkedPIN)
    }

    @MainActor
    func testCheckingOnlyWithoutChangingIsAnOrdinaryUnlock() async {
        await storePIN("5978")
        let flow = makeFlow(changing: false, checkingOnly: true)
        XCTAssertEqual(flow.step, .unlock)
        XCTAssertEqual(flow.prompt.title, "Enter PIN")
    }
}
