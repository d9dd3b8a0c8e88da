import Foundation
import XCTest
@_spi(Testing) @testable import Storage

/// A test case with a software TPM's surroundings: a fresh folder for each test
/// (`temporary`), and the TSS libraries' own logging off (their errors are the tests' to read).
class SoftwareTPMTestCase: XCTestCase {
    /// This test's folder, removed after it.
    private(set) var temporary: TemporaryDirectory!

    override func setUp() {
        super.setUp()
        setenv("TSS2_LOG", "all+none", 1)
        temporary = TemporaryDirectory()
    }

    override func tearDown() {
        temporary = nil
        super.tearDown()
    }
}
