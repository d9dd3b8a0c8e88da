import Foundation
import XCTest
@_spi(Testing) import Storage
#if canImport(Glibc)
import Glibc
#endif

/// Kills an export with SIGKILL at each step of writing the file, to a new file and over an
/// older export, and checks that the folder then holds no copy of the records but the finished
/// file (or the older export, untouched).
///
/// The child is this test binary, started again with `childVariable` set, which turns
/// `testExportChildWhenStartedByTheCrashTest` into an export that stops at the named step, says
/// so on standard error and waits to be killed; in a normal run that method does nothing.
final class CSVExportCrashTests: XCTestCase {
    private static let childVariable = "PINFORM_EXPORT_CRASH_CHILD"
    private static let fileName = "people.csv"
    private static let header = ["Name", "Note"]
    private static let rows = (0..<200).map { ["Ada \($0)", "private note \($0)"] }
    private static var exported: Data { Data(CSVWriter().document(header: header, rows: rows).utf8) }
    private static let older = Data("Name\r\nolder export\r\n".utf8)

    func testAnExportKilledAtAnyStepLeavesNoPlaintextButTheFinishedFile() throws {
        let executable = try XCTUnwrap(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        for replacing in [false, true] {
            for step in CSVWriter.Step.allCases where replacing || step != .renamed {
                let temporary = TemporaryDirectory()
                let file = temporary.url.appendingPathComponent(Self.fileName)
                if replacing { try Self.older.write(to: file) }

                try CrashChild.runUntilKilled(
                    executable: executable, test: "StorageTests.CSVExportCrashTests/testExportChildWhenStartedByTheCrashTest",
                    variable: Self.childVariable, folder: temporary.url, step: step.rawValue)

                let context = "killed at \(step), \(replacing ? "replacing an export" : "a new file")"
                let entries = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
                let finished = step == .folderSynced || step == .renamed || (!replacing && step == .linked)
                if finished {
                    XCTAssertEqual(entries, [Self.fileName], context)
                    XCTAssertEqual(try Data(contentsOf: file), Self.exported, context)
                } else if replacing {
                    // Linked under its hidden name, not yet renamed: the one step where a copy
                    // stands beside the older export, until the next export of that file.
                    let hidden = entries.filter { $0 != Self.fileName }
                    XCTAssertEqual(hidden.count, step == .linked ? 1 : 0, "\(context): \(entries)")
                    XCTAssertEqual(try Data(contentsOf: file), Self.older, context)
                } else {
                    XCTAssertEqual(entries, [], context)
                }
                // The next export leaves the finished file alone in the folder.
                try CSVWriter().write(header: Self.header, rows: Self.rows, to: file)
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [Self.fileName], context)
            }
        }
    }

    func testAHiddenFileOfAKilledExportIsRemovedByTheNextExportOnly() throws {
        let temporary = TemporaryDirectory()
        let left = try temporary.write("left", to: ".people.csv.pinform-Ab12Cd")
        chmod(left.path, 0o600)
        let users = try temporary.write("the user's own", to: ".people.csv.backup")
        chmod(users.path, 0o600)
        try temporary.write("not ours", to: ".people.csv.pinform-toolong1")
        try temporary.write("another", to: ".other.csv.pinform-Ab12Cd")
        let shared = try temporary.write("shared", to: ".people.csv.pinform-Zz99Zz")
        chmod(shared.path, 0o644)
        try CSVWriter().write(header: ["a"], rows: [["b"]], to: temporary.url.appendingPathComponent("people.csv"))
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: temporary.path)),
                       ["people.csv", ".people.csv.backup", ".people.csv.pinform-toolong1", ".other.csv.pinform-Ab12Cd",
                        ".people.csv.pinform-Zz99Zz"])
    }

    /// The child: exports and stops at the step it was given. Does nothing unless started by
    /// the test above.
    func testExportChildWhenStartedByTheCrashTest() throws {
        guard let value = ProcessInfo.processInfo.environment[Self.childVariable] else { return }
        let parts = value.split(separator: "\n").map(String.init)
        let folder = URL(fileURLWithPath: parts[0], isDirectory: true)
        let stop = try XCTUnwrap(CSVWriter.Step(rawValue: parts[1]))
        let writer = CSVWriter(neutralizesFormulas: true) { step in
            guard step == stop else { return }
            CrashChild.stop(at: step.rawValue)
        }
        try writer.write(header: Self.header, rows: Self.rows, to: folder.appendingPathComponent(Self.fileName))
    }
}
