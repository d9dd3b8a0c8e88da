import Foundation
@testable import Storage
import XCTest

/// SQLCipher, libsodium and tpm2-tss are opened with `dlopen` at their first use, not linked:
/// the installed libraries load with every function Storage calls, a missing library or
/// function is a sentence naming it and its package (never a crash at start), and no binary of
/// the package names them as needed libraries any more.
final class CLibraryLoadingTests: XCTestCase {
    func testTheInstalledLibrariesLoadWithEveryFunction() throws {
        let sqlite = try SQLCipher.shared.get()
        // Real functions of each library, called.
        XCTAssertEqual(sqlite.errorMessage(nil), "out of memory")
        let database = try Database.inMemory()
        XCTAssertEqual(try database.rows("SELECT 6 * 7").first?.first, .integer(42))

        try Sodium.ensureReady()
        XCTAssertEqual(try Sodium.shared.get().pwhashStrbytes(), 128)

        let tss = try TSS2Functions.shared.get()
        XCTAssertEqual(tss.decode(0).map { String(cString: $0) }, "tpm:success")
        XCTAssertEqual(TPM2Connection.describe(0), "tpm:success")
    }

    func testAMissingLibraryNamesItsPackage() {
        XCTAssertThrowsError(try CLibrary("libsqlcipher-not-installed.so.0", package: "libsqlcipher0")) { error in
            guard let missing = error as? LibraryMissing else { return XCTFail("expected LibraryMissing, got \(error)") }
            XCTAssertEqual(missing.library, "libsqlcipher-not-installed.so.0")
            XCTAssertTrue(missing.detail.contains("cannot open shared object file"), missing.detail)
            XCTAssertTrue(missing.reason.contains("libsqlcipher-not-installed.so.0"), missing.reason)
            XCTAssertTrue(missing.reason.contains("install the package libsqlcipher0"), missing.reason)
            XCTAssertFalse(StoreError.libraryMissing(reason: missing.reason).offersFreshStart,
                           "a missing library is never a reason to move the records aside")
            XCTAssertTrue(VaultError.libraryMissing(reason: missing.reason).message
                .hasPrefix("Could not start the cryptography library: the library libsqlcipher-not-installed.so.0"))
        }
    }

    func testWithoutAKnownPackageTheMessageSaysToInstallTheLibrary() {
        // Built where there is no dpkg (a Flatpak, another distribution): no package to name.
        XCTAssertThrowsError(try CLibrary("libsqlcipher-not-installed.so.1", package: nil)) { error in
            guard let missing = error as? LibraryMissing else { return XCTFail("expected LibraryMissing, got \(error)") }
            XCTAssertTrue(missing.reason.contains("the library libsqlcipher-not-installed.so.1 cannot be loaded"), missing.reason)
            XCTAssertTrue(missing.reason.hasSuffix("install it with your system’s packages"), missing.reason)
        }
    }

    /// The sonames recorded at build time are those of the libraries installed here: each loads
    /// by that name, its file is the one the loader resolves it to, and dpkg named its package.
    func testTheRecordedSonamesAreTheSystemsLibraries() throws {
        let names = [SystemLibraryNames.sqlcipher, SystemLibraryNames.sodium, SystemLibraryNames.tss2Esys,
                     SystemLibraryNames.tss2TctiLoader, SystemLibraryNames.tss2ResponseCodes, SystemLibraryNames.tss2Marshaling]
        for (index, prefix) in ["libsqlcipher.so.", "libsodium.so.", "libtss2-esys.so.", "libtss2-tctildr.so.", "libtss2-rc.so.",
                                "libtss2-mu.so."].enumerated() {
            XCTAssertTrue(names[index].soname.hasPrefix(prefix), names[index].soname)
            XCTAssertNoThrow(try CLibrary(names[index].soname, package: names[index].package))
            XCTAssertNotNil(names[index].package, "dpkg names the package of \(names[index].soname)")
        }
    }

    func testALibraryWithoutAFunctionNamesTheFunction() throws {
        // The C library is there but has none of SQLite's functions.
        let libc = try CLibrary("libc.so.6", package: "libc6")
        XCTAssertThrowsError(try libc.function("sqlite3_step") as @convention(c) (OpaquePointer?) -> Int32) { error in
            guard let missing = error as? LibraryMissing else { return XCTFail("expected LibraryMissing, got \(error)") }
            XCTAssertTrue(missing.detail.contains("sqlite3_step"), missing.detail)
            XCTAssertTrue(missing.reason.contains("install the package libc6"), missing.reason)
        }
        let getpid: @convention(c) () -> Int32 = try libc.function("getpid")
        XCTAssertEqual(getpid(), ProcessInfo.processInfo.processIdentifier)
    }

    /// The tests' own executable links Storage like the app does: it must not name SQLCipher,
    /// libsodium, tss2 or libcrypto as needed libraries (a `link` or `pkgConfig` put back would).
    func testNoBinaryNamesTheLibrariesAsNeeded() throws {
        let readelf = Process()
        readelf.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        readelf.arguments = ["-d", try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")]
        let output = Pipe()
        readelf.standardOutput = output
        try readelf.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        readelf.waitUntilExit()
        let needed = text.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        XCTAssertFalse(needed.isEmpty, text)
        for name in ["libsqlcipher", "libsodium", "libtss2", "libcrypto"] {
            XCTAssertFalse(needed.contains { $0.contains(name) }, "\(name) is linked: \(needed)")
        }
    }
}
