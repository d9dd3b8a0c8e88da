import Foundation
import XCTest
@_spi(Testing) @testable import Storage
#if canImport(Glibc)
import Glibc
#endif

/// Kills a process with SIGKILL at each step of a PIN change and checks that the old PIN or
/// the new one still unwraps the same data key — never neither.
///
/// The child is this test binary, started again with `childVariable` set, which turns
/// `testPINChangeChildWhenStartedByTheCrashTest` into a change that stops at the named step,
/// says so on standard error and waits to be killed; in a normal run that method does nothing.
final class VaultCrashTests: XCTestCase {
    private static let childVariable = "PINFORM_VAULT_CRASH_CHILD"
    private static let oldPIN = "2468", newPIN = "135792"

    func testAPINChangeKilledAtAnyStepLeavesTheOldOrTheNewPINWorking() throws {
        let executable = try XCTUnwrap(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        for step in KeyVault.Step.allCases {
            let temporary = TemporaryDirectory()
            let vault = KeyVault(directory: temporary.url, derivation: .fastForTests)
            let key = try vault.create(pin: secret(Self.oldPIN))

            try CrashChild.runUntilKilled(
                executable: executable, test: "StorageTests.VaultCrashTests/testPINChangeChildWhenStartedByTheCrashTest",
                variable: Self.childVariable, folder: temporary.url, step: step.rawValue)

            let old = try vault.unlock(pin: secret(Self.oldPIN))
            let new = try vault.unlock(pin: secret(Self.newPIN))
            XCTAssertTrue(old != nil || new != nil, "killed at \(step): neither PIN works")
            XCTAssertFalse(old != nil && new != nil, "killed at \(step): both PINs work")
            XCTAssertTrue(try XCTUnwrap(old ?? new).matches(key), "killed at \(step): another key")
            // Before the rename the old file stands; from the rename on, the new one.
            let renamed = step == .renamed || step == .folderSynced
            XCTAssertEqual(new != nil, renamed, "killed at \(step)")
            // A leftover temporary file is harmless: the next change works.
            try vault.changePIN(dataKey: key, to: secret("975318"))
            XCTAssertNotNil(try vault.unlock(pin: secret("975318")))
        }
    }

    /// The child: changes the PIN and stops at the step it was given. Does nothing unless
    /// started by the test above.
    func testPINChangeChildWhenStartedByTheCrashTest() throws {
        guard let value = ProcessInfo.processInfo.environment[Self.childVariable] else { return }
        let parts = value.split(separator: "\n").map(String.init)
        let folder = URL(fileURLWithPath: parts[0], isDirectory: true)
        let stop = try XCTUnwrap(KeyVault.Step(rawValue: parts[1]))
        let vault = KeyVault(directory: folder, derivation: .fastForTests) { step in
            guard step == stop else { return }
            CrashChild.stop(at: step.rawValue)
        }
        let key = try XCTUnwrap(try KeyVault(directory: folder, derivation: .fastForTests).unlock(pin: secret(Self.oldPIN)))
        try vault.changePIN(dataKey: key, to: secret(Self.newPIN))
    }
}

/// Kills the first unlock of an older installation with SIGKILL at each step of its upgrade
/// (the key file written, the records exported, checked, swapped in) and checks that the next
/// unlock with the same PIN finishes it with nothing lost.
final class UpgradeCrashTests: XCTestCase {
    private static let childVariable = "PINFORM_UPGRADE_CRASH_CHILD"
    private static let pin = "2468", people = 40

    private static var steps: [String] {
        KeyVault.Step.allCases.map { "vault:" + $0.rawValue } + Database.EncryptionStep.allCases.map { "records:" + $0.rawValue }
    }

    func testAnUpgradeKilledAtAnyStepFinishesOnTheNextUnlockWithNothingLost() throws {
        let executable = try XCTUnwrap(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        for step in Self.steps {
            let temporary = TemporaryDirectory()
            let file = temporary.url.appendingPathComponent(Database.fileName)
            let database = try Database(at: file)
            _ = try Fixtures.people(in: database).insert(contentsOf: (0..<Self.people).map { Person("Ada \($0)", "Lovelace") })
            database.close()
            var digits = Self.pin
            try digits.withUTF8 { try PinVault(directory: temporary.url).store(digits: $0) }

            try CrashChild.runUntilKilled(
                executable: executable, test: "StorageTests.UpgradeCrashTests/testUpgradeChildWhenStartedByTheCrashTest",
                variable: Self.childVariable, folder: temporary.url, step: step)

            let vault = KeyVault(directory: temporary.url, derivation: .fastForTests)
            let key = try XCTUnwrap(try vault.unlock(pin: secret(Self.pin)), "killed at \(step): the PIN no longer works")
            if Database.isPlaintextFile(at: file) {
                try Database.encryptPlaintextFile(at: file, key: key)
            }
            try vault.finishUpgrade()
            let reopened = try Database(at: file, key: key)
            XCTAssertEqual(try Fixtures.people(in: reopened).count(), Self.people, "killed at \(step)")
            XCTAssertEqual(try reopened.integrityCheck(), ["ok"], "killed at \(step)")
            reopened.close()
            XCTAssertFalse(Database.isPlaintextFile(at: file), "killed at \(step)")
            let names = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
            XCTAssertFalse(names.contains("pin.hash"), "killed at \(step): \(names)")
            XCTAssertFalse(names.contains { $0.contains(".encrypting") }, "killed at \(step): \(names)")
        }
    }

    /// The child: the first unlock of an older installation, stopping at the step it was given.
    /// Does nothing unless started by the test above.
    func testUpgradeChildWhenStartedByTheCrashTest() throws {
        guard let value = ProcessInfo.processInfo.environment[Self.childVariable] else { return }
        let parts = value.split(separator: "\n").map(String.init)
        let folder = URL(fileURLWithPath: parts[0], isDirectory: true)
        let stop = parts[1]
        @Sendable func reached(_ step: String) {
            guard step == stop else { return }
            CrashChild.stop(at: step)
        }
        let vault = KeyVault(directory: folder, derivation: .fastForTests) { reached("vault:" + $0.rawValue) }
        let key = try XCTUnwrap(try vault.unlock(pin: secret(Self.pin)))
        try Database.encryptPlaintextFile(at: folder.appendingPathComponent(Database.fileName), key: key) {
            reached("records:" + $0.rawValue)
        }
        try vault.finishUpgrade()
    }
}
