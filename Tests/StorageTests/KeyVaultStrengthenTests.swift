import Foundation
import XCTest
@_spi(Testing) @testable import Storage

/// A PIN slot weaker than the vault's own derivation (a restored backup that says `m=8,t=1`) is
/// wrapped again with the vault's at the first right PIN, and only then.
final class KeyVaultStrengthenTests: XCTestCase {
    private var temporary: TemporaryDirectory!

    override func setUp() {
        temporary = TemporaryDirectory()
    }

    override func tearDown() {
        temporary = nil
    }

    /// The PIN slot's PHC parameters ("m=…,t=…,p=1") as the key file says them.
    private func pinSlotParameters() throws -> String {
        let text = try String(contentsOf: temporary.url.appendingPathComponent(KeyVault.fileName), encoding: .utf8)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let slots = try XCTUnwrap(json["slots"] as? [[String: Any]])
        let pin = try XCTUnwrap(slots.first { $0["kind"] as? String == "pin" })
        let kdf = try XCTUnwrap(pin["kdf"] as? String)
        return String(kdf.split(separator: "$", omittingEmptySubsequences: false)[3])
    }

    func testAWeakPINSlotIsWrappedAgainWithTheVaultsDerivationAtTheFirstRightPIN() throws {
        let weak = KeyVault(directory: temporary.url, derivation: KeyDerivation(memoryKiB: 8, passes: 1))
        let made = try weak.create(pin: secret("246813"))
        XCTAssertEqual(try pinSlotParameters(), "m=8,t=1,p=1")

        let vault = KeyVault(directory: temporary.url, derivation: .fastForTests)
        XCTAssertNil(try vault.unlock(pin: secret("246814")))
        XCTAssertEqual(try pinSlotParameters(), "m=8,t=1,p=1", "a wrong PIN changes nothing")

        let unwrapped = try XCTUnwrap(try vault.unlock(pin: secret("246813")))
        XCTAssertTrue(unwrapped.matches(made))
        XCTAssertEqual(try pinSlotParameters(), "m=8192,t=1,p=1")
        let again = try XCTUnwrap(try vault.unlock(pin: secret("246813")), "the same PIN opens the stronger slot")
        XCTAssertTrue(again.matches(made))
        XCTAssertNil(try vault.unlock(pin: secret("246814")))
    }

    func testAStrongerSlotThanTheVaultsIsKeptAsItIs() throws {
        let strong = KeyVault(directory: temporary.url, derivation: KeyDerivation(memoryKiB: 16_384, passes: 2))
        _ = try strong.create(pin: secret("2468"))
        _ = try XCTUnwrap(try KeyVault(directory: temporary.url, derivation: .fastForTests).unlock(pin: secret("2468")))
        XCTAssertEqual(try pinSlotParameters(), "m=16384,t=2,p=1")
    }

    func testAKeyFileThatCannotBeWrittenStillUnlocksAndKeepsItsSlot() throws {
        // Root writes a folder without write permission: as root, the folder is a tmpfs mounted
        // read-only once the key file is in it (EROFS holds for root too).
        let folder = temporary.url.appendingPathComponent("keys", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let asRoot = geteuid() == 0
        if asRoot {
            guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", folder.path]) else {
                throw XCTSkip("this machine does not let root mount a tmpfs")
            }
        }
        defer { if asRoot { _ = Self.run("/bin/umount", ["-l", folder.path]) } else { chmod(folder.path, 0o700) } }
        let weak = KeyVault(directory: folder, derivation: KeyDerivation(memoryKiB: 8, passes: 1))
        let made = try weak.create(pin: secret("2468"))
        let before = try Data(contentsOf: folder.appendingPathComponent(KeyVault.fileName))
        if asRoot {
            XCTAssertTrue(Self.run("/bin/mount", ["-o", "remount,ro", folder.path]))
        } else {
            XCTAssertEqual(chmod(folder.path, 0o500), 0)
        }
        let unwrapped = try XCTUnwrap(try KeyVault(directory: folder, derivation: .fastForTests).unlock(pin: secret("2468")))
        XCTAssertTrue(unwrapped.matches(made))
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent(KeyVault.fileName)), before, "the weak slot is kept")
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
