import Foundation
import PostgresStore
import XCTest

/// `pinform --shared-setup-sql`: the real binary prints the administrator's SQL (the groups and
/// their grants) and exits, without a window or a PIN.
final class SharedSetupCommandTests: XCTestCase {
    func testSharedSetupSQLIsPrintedAsShipped() throws {
        let app = try AppProcess()
        defer { app.remove() }
        let output = try app.run(["--shared-setup-sql"])
        XCTAssertEqual(output.status, 0, output.standardError)
        XCTAssertEqual(output.standardOutput, PostgresSchema.setupSQL)
        XCTAssertTrue(output.standardOutput.contains("CREATE ROLE pinform_readers NOLOGIN"))
        XCTAssertTrue(output.standardOutput.contains("CREATE ROLE pinform_clerks NOLOGIN"))
        let help = try app.run(["--help"])
        XCTAssertTrue(help.standardOutput.contains("--shared-setup-sql"), help.standardOutput)
    }
}
