import Foundation
import XCTest
import Storage
#if canImport(Glibc)
import Glibc
#endif

/// Opens an export in the real LibreOffice Calc (headless, `libreoffice-calc-nogui`), with `,`,
/// `;` and tab as the separator and formulas evaluated, and looks for formula cells in what it
/// read. Without LibreOffice the test fails and says what to install.
///
/// Each conversion starts LibreOffice (about 7–9 s on the project's 2 busy cores), so the three
/// run side by side, each with a profile of its own, and each converts both an export with
/// formulas neutralized and one without: the latter must show formulas, or the check proves
/// nothing.
final class CSVSpreadsheetTests: XCTestCase {
    private static let soffice = "/usr/bin/soffice"

    /// Values that start a formula somewhere, in some convention.
    private static let hostile = [
        "=1+1", "a;=1+1", "a,=1+1", "a\t=1+1", "note\n=1+1", "note\r\n=1+1", "x;\"=1+1\"", " ;=1+1",
        "a;;=1+1", "\t=1+1", "  =1+1", "@SUM(1;2)", "+1+1", "-1+1", "=HYPERLINK(\"http://x\";\"y\")",
        "a\"b;=1+1", "\"\";=1+1", "ok, \"quoted\"\n;=1+1",
    ]

    func testNoExportedCellIsAFormulaWithAnySeparator() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.soffice) else {
            return XCTFail("LibreOffice is needed: apt-get install libreoffice-calc-nogui")
        }
        let temporary = TemporaryDirectory()
        let rows = Self.hostile.map { ["Ada", $0, "Lovelace"] }
        let header = ["Name", "Note", "Surname"]
        try CSVWriter().write(header: header, rows: rows, to: temporary.url.appendingPathComponent("safe.csv"))
        try CSVWriter(neutralizesFormulas: false).write(header: header, rows: rows,
                                                          to: temporary.url.appendingPathComponent("raw.csv"))
        let separators: [(name: String, code: Int)] = [("comma", 44), ("semicolon", 59), ("tab", 9)]
        let started = Date()
        let processes = try separators.map { separator in
            try convert(["safe.csv", "raw.csv"], in: temporary.url, separator: separator.code, output: separator.name)
        }
        for process in processes { process.waitUntilExit() }
        let seconds = Date().timeIntervalSince(started)
        XCTAssertLessThan(seconds, 60, "the conversions took \(seconds) s")
        for (separator, process) in zip(separators, processes) {
            XCTAssertEqual(process.terminationStatus, 0, "LibreOffice failed with \(separator.name)")
            let folder = temporary.url.appendingPathComponent(separator.name)
            let safe = try String(contentsOf: folder.appendingPathComponent("safe.fods"), encoding: .utf8)
            let raw = try String(contentsOf: folder.appendingPathComponent("raw.fods"), encoding: .utf8)
            XCTAssertFalse(formulas(in: raw).isEmpty, "\(separator.name): the check finds no formula even unprotected")
            XCTAssertEqual(formulas(in: safe), [], "\(separator.name): LibreOffice read formulas")
            XCTAssertTrue(safe.contains("Lovelace"), "\(separator.name): the sheet was not read")
        }
    }

    /// Starts LibreOffice converting `files` to flat ODF (.fods) into the folder `output`.
    private func convert(_ files: [String], in folder: URL, separator: Int, output: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.soffice)
        process.currentDirectoryURL = folder
        // The CSV filter's options: separator, quote ("), UTF-8 (76), from line 1, standard
        // columns, English (US), quoted fields not forced to text, no special numbers, …, and
        // (the 13th) formulas evaluated, as a user opening the file gets them.
        let filter = "CSV:\(separator),34,76,1,,1033,false,false,false,false,false,-1,true"
        process.arguments = ["-env:UserInstallation=file://\(folder.path)/profile-\(output)", "--headless", "--norestore",
                             "--infilter=\(filter)", "--convert-to", "fods", "--outdir", output] + files
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The formulas of a flat ODF spreadsheet's cells.
    private func formulas(in document: String) -> [String] {
        document.components(separatedBy: "table:formula=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }
}
