import Foundation
import XCTest
@_spi(Testing) @testable import Storage
#if canImport(Glibc)
import Glibc
#endif

/// The ASCII bytes of `text` in secure memory, as the app hands a PIN to the vault.
func secret(_ text: String) throws -> SecretBytes {
    var text = text
    return try text.withUTF8 { try SecretBytes(copying: $0) }
}

final class KeyVaultTests: XCTestCase {
    private var temporary: TemporaryDirectory!

    override func setUp() {
        temporary = TemporaryDirectory()
    }

    override func tearDown() {
        temporary = nil
    }

    private func makeVault() -> KeyVault {
        KeyVault(directory: temporary.url, derivation: .fastForTests)
    }

    private func keyFileText() throws -> String {
        try String(contentsOf: temporary.url.appendingPathComponent(KeyVault.fileName), encoding: .utf8)
    }

    func testTheRightPINUnwrapsTheKeyThatWasMade() throws {
        let vault = makeVault()
        let made = try vault.create(pin: secret("246813"))
        XCTAssertEqual(made.count, 32)
        let unwrapped = try XCTUnwrap(try vault.unlock(pin: secret("246813")))
        XCTAssertTrue(unwrapped.matches(made))
    }

    func testAWrongPINUnwrapsNothing() throws {
        let vault = makeVault()
        _ = try vault.create(pin: secret("246813"))
        XCTAssertNil(try vault.unlock(pin: secret("246814")))
        XCTAssertNil(try vault.unlock(pin: secret("24681")))
    }

    func testEachInstallationGetsItsOwnRandomKey() throws {
        let first = try makeVault().create(pin: secret("2468"))
        let other = TemporaryDirectory()
        let second = try KeyVault(directory: other.url, derivation: .fastForTests).create(pin: secret("2468"))
        XCTAssertFalse(first.matches(second))
    }

    func testTheKeyFileIsSmallVersionedPrivateAndRecordsItsParametersInPHCForm() throws {
        _ = try makeVault().create(pin: secret("2468"))
        let text = try keyFileText()
        XCTAssertLessThan(text.utf8.count, 1024)
        XCTAssertEqual(TemporaryDirectory.mode(of: temporary.url.appendingPathComponent(KeyVault.fileName)), 0o600)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(json["format"] as? String, "pinform-keys")
        XCTAssertEqual(json["version"] as? Int, 1)
        XCTAssertEqual(json["database"] as? String, "sqlcipher-4")
        let slots = try XCTUnwrap(json["slots"] as? [[String: Any]])
        XCTAssertEqual(slots.count, 1)
        XCTAssertEqual(slots[0]["kind"] as? String, "pin")
        XCTAssertEqual(slots[0]["digits"] as? Int, 4)
        let kdf = try XCTUnwrap(slots[0]["kdf"] as? String)
        XCTAssertTrue(kdf.hasPrefix("$argon2id$v=19$m=8192,t=1,p=1$"), kdf)
        // No hash of the PIN that a guess could be checked against more cheaply than an unwrap.
        XCTAssertEqual(Set(slots[0].keys), ["kind", "digits", "kdf", "nonce", "wrappedKey"])
        XCTAssertFalse(text.contains("2468"))
    }

    func testTheAppsDerivationIsArgon2idWith256MiBAndThreePasses() {
        let phc = KeyDerivation.standard.phcString(salt: [UInt8](repeating: 0, count: 16))
        XCTAssertEqual(phc, "$argon2id$v=19$m=262144,t=3,p=1$AAAAAAAAAAAAAAAAAAAAAA")
        XCTAssertEqual(KeyDerivation.parse(phc: phc)?.derivation, .standard)
    }

    func testThePINLengthIsReadFromTheKeyFile() throws {
        _ = try makeVault().create(pin: secret("246813"))
        XCTAssertEqual(makeVault().pinLength, 6)
    }

    func testATamperedLengthFailsTheUnwrap() throws {
        _ = try makeVault().create(pin: secret("2468"))
        let tampered = try keyFileText().replacingOccurrences(of: #""digits":4"#, with: #""digits":6"#)
        try temporary.write(tampered, to: KeyVault.fileName)
        XCTAssertNil(try makeVault().unlock(pin: secret("2468")))
    }

    func testADamagedKeyFileIsReportedAndLeftInPlace() throws {
        try temporary.write("{\"format\":\"pinform-keys\"", to: KeyVault.fileName)
        let path = temporary.url.appendingPathComponent(KeyVault.fileName).path
        XCTAssertThrowsError(try makeVault().unlock(pin: secret("2468"))) { error in
            XCTAssertEqual(error as? VaultError, .corrupt(path: path))
        }
        XCTAssertTrue(makeVault().hasPIN, "a damaged key file must not turn into “choose a PIN”")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    func testANewerKeyFileVersionIsRefused() throws {
        _ = try makeVault().create(pin: secret("2468"))
        try temporary.write(try keyFileText().replacingOccurrences(of: #""version":1"#, with: #""version":2"#),
                            to: KeyVault.fileName)
        XCTAssertThrowsError(try makeVault().unlock(pin: secret("2468")))
    }

    func testAFIFOAtTheKeyPathIsRefusedWithoutBlocking() throws {
        let path = temporary.url.appendingPathComponent(KeyVault.fileName).path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        XCTAssertThrowsError(try makeVault().unlock(pin: secret("2468"))) { error in
            XCTAssertEqual(error as? VaultError, .notARegularFile(path: path))
        }
    }

    func testChoosingAPINWhenOneIsSetIsRefused() throws {
        _ = try makeVault().create(pin: secret("2468"))
        XCTAssertThrowsError(try makeVault().create(pin: secret("1357"))) { error in
            XCTAssertEqual(error as? VaultError, .alreadySet)
        }
    }

    func testChangingThePINRewrapsTheSameKey() throws {
        let vault = makeVault()
        let key = try vault.create(pin: secret("2468"))
        try vault.changePIN(dataKey: key, to: secret("135792"))
        XCTAssertNil(try vault.unlock(pin: secret("2468")))
        let unwrapped = try XCTUnwrap(try vault.unlock(pin: secret("135792")))
        XCTAssertTrue(unwrapped.matches(key))
        XCTAssertEqual(vault.pinLength, 6)
    }

    func testChangingThePINWithAnotherKeyIsRefused() throws {
        let vault = makeVault()
        _ = try vault.create(pin: secret("2468"))
        let stranger = try SecretBytes.random(count: 32)
        XCTAssertThrowsError(try vault.changePIN(dataKey: stranger, to: secret("1357")))
        XCTAssertNotNil(try vault.unlock(pin: secret("2468")))
    }

    func testSlotsOfUnknownKindsAreKeptWhenThePINChanges() throws {
        let vault = makeVault()
        let key = try vault.create(pin: secret("2468"))
        // A kind from a later version (tpm2+pin is known now: a PIN change re-enrols it).
        let slot = #"{"kind":"fido2+pin","nonce":"AAAA","sealed":{"public":"cHVi","private":"cHJpdg=="},"wrappedKey":"AAAA"}"#
        let text = try keyFileText().replacingOccurrences(of: #""slots":["#, with: #""slots":["# + slot + ",")
        try temporary.write(text, to: KeyVault.fileName)
        try vault.changePIN(dataKey: key, to: secret("1357"))
        XCTAssertEqual(try vault.slotKinds(), [.pin, .other("fido2+pin")])
        XCTAssertTrue(try keyFileText().contains(#""public":"cHVi""#))
    }

    func testARecoveryKeyIsFortyDigitsInGroupsAndUnwrapsTheKey() throws {
        let vault = makeVault()
        let key = try vault.create(pin: secret("2468"))
        let recovery = try vault.addRecoveryKey(dataKey: key)
        let shown = recovery.withBytes { String(decoding: $0, as: UTF8.self) }
        XCTAssertNotNil(shown.wholeMatch(of: /(\d{5}-){7}\d{5}/), shown)
        XCTAssertEqual(try vault.slotKinds(), [.pin, .recovery])
        XCTAssertTrue(try XCTUnwrap(try vault.unlock(recoveryKey: recovery)).matches(key))
        // Typed with spaces instead of dashes, it still works.
        let spaced = try secret(shown.replacingOccurrences(of: "-", with: " "))
        XCTAssertNotNil(try vault.unlock(recoveryKey: spaced))
        // Copied from the two lines the dialog shows it on, too.
        let twoLines = try secret(shown.prefix(23) + "\n" + shown.dropFirst(24))
        XCTAssertNotNil(try vault.unlock(recoveryKey: twoLines))
        XCTAssertNil(try vault.unlock(recoveryKey: secret(String(shown.dropLast()) + "x")))
        XCTAssertNil(try vault.unlock(recoveryKey: secret("12345-12345")))
    }

    func testTheRecoveryKeyStillWorksAfterThePINChanges() throws {
        let vault = makeVault()
        let key = try vault.create(pin: secret("2468"))
        let recovery = try vault.addRecoveryKey(dataKey: key)
        try vault.changePIN(dataKey: key, to: secret("1357"))
        XCTAssertTrue(try XCTUnwrap(try vault.unlock(recoveryKey: recovery)).matches(key))
    }

    func testTheProcessCanBeMadeUndumpable() {
        XCTAssertTrue(ProcessProtection.makeUndumpable())
        XCTAssertFalse(ProcessProtection.isDumpable)
    }

    func testASecondInstanceFindsTheFirstOnesProcessID() throws {
        guard case .acquired(let lock) = try InstanceLock.acquire(in: temporary.url) else {
            return XCTFail("the first instance did not get the lock")
        }
        guard case .heldByAnother(let pid) = try InstanceLock.acquire(in: temporary.url) else {
            return XCTFail("a second instance got the lock too")
        }
        XCTAssertEqual(pid, getpid())
        _ = lock
    }
}

final class LegacyPinFileTests: XCTestCase {
    func testAFIFOAtAnOlderVersionsPINFileIsRefusedWithoutBlocking() throws {
        let temporary = TemporaryDirectory()
        let path = temporary.url.appendingPathComponent(PinVault.fileName).path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let vault = KeyVault(directory: temporary.url, derivation: .fastForTests)
        XCTAssertTrue(vault.needsUpgrade)
        XCTAssertNil(vault.pinLength)
        XCTAssertThrowsError(try vault.unlock(pin: secret("2468"))) { error in
            XCTAssertEqual(error as? VaultError, .notARegularFile(path: path))
        }
    }
}

extension KeyVaultTests {
    /// A key file as this format has always been written (PIN 2468, argon2id's test cost):
    /// its slots' kinds are the text "pin" and "recovery", which the typed kinds still read.
    private static let existingKeyFile = #"{"database":"sqlcipher-3.4","format":"pinform-keys","keyID":"fxz1JTAQj5Iiu1g+FiLB7g==","slots":[{"digits":4,"kdf":"$argon2id$v=19$m=8192,t=1,p=1$2C7bmL/3L35yHh0bw5iHcA","kind":"pin","nonce":"S8mkANNvt8Kae3g7NLC4yuVZI2uWMvPh","wrappedKey":"oehMGudg0p5ISlQaohr7xXANJV40Oi68nJ5ljHB+FpFJDKToBrdJrIeaAFp2n6oN"},{"kdf":"$argon2id$v=19$m=8192,t=1,p=1$hxPU+jvjJEsZAdVoB09d4w","kind":"recovery","nonce":"hyaQlD8GbexF59VKNJipy2nha/WwBTth","wrappedKey":"L3pqkf3n6XXcc6tZHosIzZQpCl/3otWW/Y/BkIBwYJYxvYVQ111A7oV6Dme7HhZ+"}],"version":1}"#

    func testAnExistingKeyFileStillLoadsAndKeepsItsKindsAsText() throws {
        try temporary.write(Self.existingKeyFile, to: KeyVault.fileName)
        let vault = makeVault()
        XCTAssertEqual(try vault.slotKinds(), [.pin, .recovery])
        XCTAssertEqual(vault.protection, .argon2id)
        XCTAssertEqual(vault.pinLength, 4)
        let key = try XCTUnwrap(try vault.unlock(pin: secret("2468")), "the PIN no longer opens the key file")
        let recovery = try XCTUnwrap(try vault.unlock(recoveryKey: secret("20235-27112-30118-36275-47879-59441-70529-29923")))
        XCTAssertTrue(recovery.matches(key))
        // Rewritten, the kinds are the same text.
        try vault.changePIN(dataKey: key, to: secret("1357"))
        let text = try keyFileText()
        XCTAssertTrue(text.contains(#""kind":"pin""#), text)
        XCTAssertTrue(text.contains(#""kind":"recovery""#), text)
    }
}
