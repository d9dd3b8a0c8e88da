import Foundation
import XCTest
@testable import Storage

/// Hashing costs about 64 MiB and a fraction of a second, so only a handful of tests hash.
final class PinVaultTests: XCTestCase {
    private var temporary: TemporaryDirectory!

    override func setUp() {
        temporary = TemporaryDirectory()
    }

    override func tearDown() {
        temporary = nil
    }

    private func store(_ pin: String, in vault: PinVault) throws {
        var pin = pin
        try pin.withUTF8 { try vault.store(digits: $0) }
    }

    private func verify(_ pin: String, in vault: PinVault) throws -> Bool {
        var pin = pin
        return try pin.withUTF8 { try vault.verify(digits: $0) }
    }

    private var hashFile: URL { temporary.url.appendingPathComponent("pin.hash") }

    func testStoredPINVerifiesAndAnotherDoesNot() throws {
        let vault = PinVault(directory: temporary.url)
        try store("2468", in: vault)
        XCTAssertTrue(try verify("2468", in: vault))
        XCTAssertFalse(try verify("1357", in: vault))
    }

    func testStoredLengthIsTheLengthOfTheChosenPIN() throws {
        let vault = PinVault(directory: temporary.url)
        XCTAssertNil(vault.storedLength)
        try store("246813", in: vault)
        XCTAssertEqual(vault.storedLength, 6)
        XCTAssertTrue(try verify("246813", in: vault))
    }

    func testHashFileIsAnArgon2idHashWithMode0600WithoutTheDigits() throws {
        let vault = PinVault(directory: temporary.url)
        try store("2468", in: vault)
        let contents = try String(contentsOf: hashFile, encoding: .utf8)
        XCTAssertEqual(vault.fileURL, hashFile)
        XCTAssertTrue(contents.hasPrefix("$argon2id$"))
        XCTAssertFalse(contents.contains("2468"))
        XCTAssertEqual(TemporaryDirectory.mode(of: hashFile), 0o600)
    }

    func testHasPINFollowsStoreAndRemove() throws {
        let vault = PinVault(directory: temporary.url)
        XCTAssertFalse(vault.hasPIN)
        try store("2468", in: vault)
        XCTAssertTrue(vault.hasPIN)
        try vault.remove()
        XCTAssertFalse(vault.hasPIN)
    }

    func testRemovingWhenThereIsNoPINSucceeds() {
        XCTAssertNoThrow(try PinVault(directory: temporary.url).remove())
    }

    func testStoreCreatesAMissingDataFolder() throws {
        let folder = temporary.url.appendingPathComponent("data/pinform")
        let vault = PinVault(directory: folder)
        try store("2468", in: vault)
        XCTAssertTrue(vault.hasPIN)
        XCTAssertEqual(TemporaryDirectory.mode(of: folder), 0o700)
    }

    func testStoreUnderARegularFileFailsWithTheSystemReason() throws {
        let file = try temporary.write("not a folder", to: "file")
        let vault = PinVault(directory: file)
        XCTAssertThrowsError(try store("2468", in: vault)) { error in
            XCTAssertEqual(error as? VaultError, .writeFailed(path: file.path, reason: "Not a directory"))
        }
    }

    func testFailedStoreKeepsTheOldHashAndLeavesNoTemporaryFile() throws {
        try store("2468", in: PinVault(directory: temporary.url))
        let before = try Data(contentsOf: hashFile)
        let failing = PinVault(directory: temporary.url, faultBeforeRename: ENOSPC)
        XCTAssertThrowsError(try store("1357", in: failing)) { error in
            XCTAssertEqual(error as? VaultError, .writeFailed(path: hashFile.path, reason: "No space left on device"))
        }
        XCTAssertEqual(try Data(contentsOf: hashFile), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), ["pin.hash"])
    }

    func testVerifyWithoutAPINThrowsNoPIN() {
        let vault = PinVault(directory: temporary.url)
        XCTAssertThrowsError(try verify("2468", in: vault)) { error in
            XCTAssertEqual(error as? VaultError, .noPIN)
        }
    }

    func testGarbageHashFileIsCorruptAndKept() throws {
        try temporary.write("hello", to: "pin.hash")
        let vault = PinVault(directory: temporary.url)
        XCTAssertThrowsError(try verify("2468", in: vault)) { error in
            XCTAssertEqual(error as? VaultError, .corrupt(path: hashFile.path))
        }
        XCTAssertTrue(vault.hasPIN)
        XCTAssertEqual(try String(contentsOf: hashFile, encoding: .utf8), "hello")
    }

    func testEmptyHashFileIsCorrupt() throws {
        try temporary.write("", to: "pin.hash")
        XCTAssertThrowsError(try verify("2468", in: PinVault(directory: temporary.url))) { error in
            XCTAssertEqual(error as? VaultError, .corrupt(path: hashFile.path))
        }
    }

    func testMalformedArgon2idStringIsCorrupt() throws {
        try temporary.write("$argon2id$v=19$m=65536,t=2,p=1$broken\n", to: "pin.hash")
        XCTAssertThrowsError(try verify("2468", in: PinVault(directory: temporary.url))) { error in
            XCTAssertEqual(error as? VaultError, .corrupt(path: hashFile.path))
        }
    }

    func testOverlongHashFileIsCorrupt() throws {
        try temporary.write("$argon2id$" + String(repeating: "a", count: 500), to: "pin.hash")
        XCTAssertThrowsError(try verify("2468", in: PinVault(directory: temporary.url))) { error in
            XCTAssertEqual(error as? VaultError, .corrupt(path: hashFile.path))
        }
    }

    func testHashFileThatIsAFolderIsRefused() throws {
        try FileManager.default.createDirectory(at: hashFile, withIntermediateDirectories: false)
        XCTAssertThrowsError(try verify("2468", in: PinVault(directory: temporary.url))) { error in
            XCTAssertEqual(error as? VaultError, .notARegularFile(path: hashFile.path))
        }
    }

    func testErrorsHaveMessages() {
        XCTAssertEqual(VaultError.noPIN.message, "No PIN has been set yet.")
        XCTAssertEqual(
            VaultError.writeFailed(path: "/d/pin.hash", reason: "No space left on device").message,
            "Could not save “/d/pin.hash”: No space left on device. The previous version was kept."
        )
        XCTAssertEqual(
            VaultError.corrupt(path: "/d/pin.hash").message,
            "“/d/pin.hash” is damaged and was left as it is. Move it away to set a new PIN."
        )
        XCTAssertEqual(VaultError.unreadable(path: "/d/pin.hash", reason: "Permission denied").message,
                       "Could not read “/d/pin.hash”: Permission denied.")
    }
}
