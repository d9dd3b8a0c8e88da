@testable import PostgresStore
import Storage
import XCTest

/// libpq is opened with `dlopen` at the first connection, not linked: the installed library
/// loads with every function the store calls, and a missing library or function is a plain
/// sentence naming what is missing, never a crash.
final class LibPQLoadingTests: XCTestCase {
    func testTheInstalledLibraryLoadsWithEveryFunction() throws {
        let library = try LibPQ.shared.get()
        // Real functions of the library, called: a connection that was never made has no
        // socket, and libpq says why.
        XCTAssertEqual(library.socket(nil), -1)
        XCTAssertTrue(library.errorMessage(nil).contains("NULL"), library.errorMessage(nil))
    }

    func testAMissingLibraryIsAPlainMessage() {
        XCTAssertThrowsError(try LibPQ.load("libpq-not-installed.so.5", package: "libpq5")) { error in
            guard case StoreError.serverUnavailable(let reason) = error else {
                return XCTFail("expected serverUnavailable, got \(error)")
            }
            XCTAssertTrue(reason.contains("libpq-not-installed.so.5"), reason)
            XCTAssertTrue(reason.contains("install the package libpq5"), reason)
            let message = (error as? StoreError)?.message ?? ""
            XCTAssertTrue(message.contains("the library libpq-not-installed.so.5 cannot be loaded"), message)
        }
    }

    func testALibraryWithoutLibpqsFunctionsIsAPlainMessage() {
        // The C library is there but has none of libpq's functions.
        XCTAssertThrowsError(try LibPQ.load("libc.so.6", package: nil)) { error in
            guard case StoreError.serverUnavailable(let reason) = error else {
                return XCTFail("expected serverUnavailable, got \(error)")
            }
            XCTAssertTrue(reason.contains("PQconnectdbParams"), reason)
        }
    }

    /// The soname the build recorded is the one this system's loader knows, and dpkg named the
    /// package that installs it.
    func testTheRecordedSonameIsTheSystemsLibrary() throws {
        XCTAssertTrue(SystemLibraryNames.libpq.soname.hasPrefix("libpq.so."), SystemLibraryNames.libpq.soname)
        let package = try XCTUnwrap(SystemLibraryNames.libpq.package)
        XCTAssertTrue(package.hasPrefix("libpq"), package)
    }
}
