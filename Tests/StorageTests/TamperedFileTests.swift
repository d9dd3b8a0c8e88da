import Foundation
import PinCode
@_spi(Testing) @testable import Storage
import XCTest

/// Key files and attempt counters edited by hand: each gets the strictest safe state and a
/// clear message, never a crash, and the recovery key still opens the records.
final class TamperedFileTests: XCTestCase {
    private var temporary: TemporaryDirectory!
    private static let pin = "246813"

    override func setUp() {
        temporary = TemporaryDirectory()
    }

    override func tearDown() {
        temporary = nil
    }

    private var keyPath: String { temporary.url.appendingPathComponent(KeyVault.fileName).path }

    private func makeCheck() -> PinCheck {
        PinCheck(vault: KeyVault(directory: temporary.url, derivation: .fastForTests), attempts: AttemptStore(directory: temporary.url))
    }

    /// A key file with a PIN and a recovery slot, then `edit` applied to its text.
    private func makeKeyFile(editing edit: (String) -> String) throws -> (dataKey: SecretBytes, recoveryKey: SecretBytes) {
        let made = try makeCheck().setFirstPIN(try secret(Self.pin))
        let text = try String(contentsOfFile: keyPath, encoding: .utf8)
        let edited = edit(text)
        XCTAssertNotEqual(edited, text, "the edit changed nothing")
        try temporary.write(edited, to: KeyVault.fileName)
        return made
    }

    private func replacingDigits(with value: String) -> (String) -> String {
        { $0.replacingOccurrences(of: "\"digits\":6", with: "\"digits\":\(value)") }
    }

    func testAPINLengthThePadCannotAskForIsRefusedAndTheRecoveryKeyStillOpens() throws {
        for value in ["0", "-1", "40", "1000000000", "9223372036854775807"] {
            let made = try makeKeyFile(editing: replacingDigits(with: value))
            let check = makeCheck()
            XCTAssertNil(check.vault.pinLength, "digits \(value): the pad would be made with it")
            XCTAssertTrue(check.vault.hasPIN)
            guard case .failed(let error, _) = check.check(try secret(Self.pin)) else { return XCTFail("digits \(value): judged") }
            XCTAssertEqual(error, .damagedPINSlot(path: keyPath))
            XCTAssertTrue(error.message.contains("Use the recovery key"), error.message)
            XCTAssertFalse(error.message.lowercased().contains("move it away"), error.message)
            XCTAssertEqual(check.attempts.load(expectingFile: true).record.failures, 0, "digits \(value): counted")
            let opened = try XCTUnwrap(try check.vault.unlock(recoveryKey: made.recoveryKey), "digits \(value)")
            XCTAssertTrue(opened.matches(made.dataKey))
            // The new PIN after the recovery replaces the tampered slot.
            try check.changePIN(dataKey: opened, to: try secret("975318"), resettingAttempts: true)
            XCTAssertEqual(check.vault.pinLength, 6)
            temporary = TemporaryDirectory()
        }
    }

    func testALengthOfTheWrongTypeIsADamagedFile() throws {
        for value in ["1e30", "\"six\"", "[6]", "{\"a\":6}", "6.5", "true"] {
            _ = try makeKeyFile(editing: replacingDigits(with: value))
            let check = makeCheck()
            XCTAssertNil(check.vault.pinLength)
            XCTAssertTrue(check.vault.hasPIN, "a damaged key file must not turn into “choose a PIN”")
            guard case .failed(.corrupt, _) = check.check(try secret(Self.pin)) else { return XCTFail("\(value): judged") }
            temporary = TemporaryDirectory()
        }
    }

    func testAbsurdArgon2ParametersAreRefusedBeforeAnyWork() throws {
        let edits = ["m=4194304,t=1", "m=1048576,t=1", "m=1048576,t=16", "m=262144,t=4", "m=262144,t=1000", "m=9223372036854775807,t=1", "m=8192,t=0", "m=4,t=1"]
        for parameters in edits {
            _ = try makeKeyFile { $0.replacingOccurrences(of: "m=8192,t=1", with: parameters) }
            let check = makeCheck()
            let started = Date()
            guard case .failed(let error, _) = check.check(try secret(Self.pin)) else { return XCTFail("\(parameters): judged") }
            XCTAssertEqual(error, .damagedPINSlot(path: keyPath))
            XCTAssertLessThan(Date().timeIntervalSince(started), 0.5, "\(parameters): the work was done")
            XCTAssertEqual(check.attempts.load(expectingFile: true).record.failures, 0, "\(parameters): counted as a wrong PIN")
            temporary = TemporaryDirectory()
        }
    }

    func testTheLimitsAllowTheStandardDerivationAndNoMoreWork() {
        XCTAssertTrue(KeyDerivation.standard.isWithinLimits)
        XCTAssertTrue(KeyDerivation.fastForTests.isWithinLimits)
        XCTAssertTrue(KeyDerivation(memoryKiB: 131_072, passes: 6).isWithinLimits)
        XCTAssertFalse(KeyDerivation(memoryKiB: 1_048_576, passes: 1).isWithinLimits)
        XCTAssertFalse(KeyDerivation(memoryKiB: 262_144, passes: 4).isWithinLimits)
        XCTAssertFalse(KeyDerivation(memoryKiB: 8192, passes: 9).isWithinLimits)
    }

    func testAKeyFileFromANewerVersionSaysToUpdateAndNeverToMoveItAway() throws {
        let made = try makeKeyFile { $0.replacingOccurrences(of: "\"version\":1", with: "\"version\":2") }
        let check = makeCheck()
        guard case .failed(let error, _) = check.check(try secret(Self.pin)) else { return XCTFail("judged") }
        XCTAssertEqual(error, .newerVersion(path: keyPath))
        XCTAssertTrue(error.message.contains("newer Pinform"), error.message)
        XCTAssertTrue(error.message.contains("Update Pinform"), error.message)
        XCTAssertFalse(error.message.lowercased().contains("move it away"), error.message)
        XCTAssertThrowsError(try check.vault.unlock(recoveryKey: made.recoveryKey)) { error in
            XCTAssertEqual(error as? VaultError, .newerVersion(path: self.keyPath), "a newer file opens nothing")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: keyPath))
    }

    func testANewerVersionIsToldWhateverElseItsFileHolds() throws {
        try temporary.write(#"{"format":"pinform-keys","version":7,"slots":{"x":[1,2]},"cipher":"aes-gcm"}"#, to: KeyVault.fileName)
        XCTAssertThrowsError(try KeyVault(directory: temporary.url).unlock(pin: secret(Self.pin))) { error in
            XCTAssertEqual(error as? VaultError, .newerVersion(path: self.keyPath))
        }
    }

    // MARK: attempts.json

    private func writeAttempts(_ json: String) throws {
        try temporary.write(json, to: AttemptStore.fileName)
    }

    func testTheLargestFailureCountDoesNotTrapAndLocks() throws {
        _ = try makeCheck().setFirstPIN(try secret(Self.pin))
        for json in [#"{"failures":9223372036854775807,"lockouts":0}"#, #"{"failures":9223372036854775807,"lockouts":9223372036854775807}"#,
                     #"{"failures":0,"lockouts":9223372036854775807}"#] {
            try writeAttempts(json)
            let check = makeCheck()
            guard case .locked(let policy) = check.check(try secret("111111")) else { return XCTFail("\(json): not locked") }
            XCTAssertGreaterThan(policy.remainingLockout, 0, json)
            XCTAssertLessThanOrEqual(policy.remainingLockout, AttemptPolicy.longestLockout, json)
        }
    }

    func testALockoutThatWouldNeverEndIsTheStrictestStateEndingWithinTheHour() throws {
        _ = try makeCheck().setFirstPIN(try secret(Self.pin))
        let now = Date()
        for until in ["1e300", "-1", "-1e300", "\(Int(now.timeIntervalSince1970) + 86_400 * 365)"] {
            try writeAttempts(#"{"failures":5,"lockouts":1,"lockedUntil":\#(until)}"#)
            let loaded = AttemptStore(directory: temporary.url).load(now: now, expectingFile: true)
            XCTAssertEqual(loaded.record, .strictest(now: now), "lockedUntil \(until)")
            XCTAssertNotNil(loaded.problem, "lockedUntil \(until)")
            // Saved back (as the app does), it ends an hour after it was found.
            let check = PinCheck(vault: KeyVault(directory: temporary.url, derivation: .fastForTests),
                                 attempts: AttemptStore(directory: temporary.url), now: { now })
            XCTAssertTrue(check.currentPolicy().isLocked)
            let later = PinCheck(vault: check.vault, attempts: check.attempts, now: { now.addingTimeInterval(3601) })
            XCTAssertFalse(later.currentPolicy().isLocked, "lockedUntil \(until): still locked after the hour")
        }
    }

    func testNumbersJSONCannotHoldAreADamagedCounter() throws {
        _ = try makeCheck().setFirstPIN(try secret(Self.pin))
        for json in [#"{"failures":"NaN","lockouts":0}"#, #"{"failures":1,"lockouts":0,"lockedUntil":NaN}"#,
                     #"{"failures":1e30,"lockouts":0}"#, #"{"failures":-1,"lockouts":0}"#, #"{"failures":1,"lockouts":[0]}"#] {
            try writeAttempts(json)
            let now = Date()
            let loaded = AttemptStore(directory: temporary.url).load(now: now, expectingFile: true)
            XCTAssertEqual(loaded.record, .strictest(now: now), json)
        }
    }
}
