import Foundation
@testable import Storage
import XCTest

/// CSVReader: RFC 4180 as spreadsheets write it, and the files it refuses with a reason.
final class CSVReaderTests: XCTestCase {
    private func table(_ text: String) throws -> CSVReader.Table {
        try CSVReader().table(from: Array(text.utf8))
    }

    private func refusal(_ bytes: [UInt8], reader: CSVReader = CSVReader()) -> CSVReadError? {
        do {
            _ = try reader.table(from: bytes)
            return nil
        } catch {
            return error
        }
    }

    func testQuotedFieldsKeepSeparatorsQuotesAndLineBreaks() throws {
        let read = try table("Name,Note\r\nAda,\"said \"\"hi\"\", then\r\nleft\"\r\nBob,plain\r\n")
        XCTAssertEqual(read.header, ["Name", "Note"])
        XCTAssertEqual(read.rows.map(\.fields), [["Ada", "said \"hi\", then\r\nleft"], ["Bob", "plain"]])
        XCTAssertEqual(read.rows.map(\.line), [2, 4])
    }

    func testByteOrderMarkIsNotPartOfTheFirstHeader() throws {
        let read = try CSVReader().table(from: [0xEF, 0xBB, 0xBF] + Array("First name,Age\nAda,36\n".utf8))
        XCTAssertEqual(read.header, ["First name", "Age"])
    }

    func testSemicolonSeparatorIsFoundFromTheHeader() throws {
        let read = try table("Vorname;Größe\nAda;1,80\n")
        XCTAssertEqual(read.separator, ";")
        XCTAssertEqual(read.rows[0].fields, ["Ada", "1,80"])
    }

    func testTabSeparatorAndLineFeedsAndBlankLines() throws {
        let read = try table("a\tb\n\n1\t2\n\n3\t4")
        XCTAssertEqual(read.separator, "\t")
        XCTAssertEqual(read.rows.map(\.fields), [["1", "2"], ["3", "4"]])
        XCTAssertEqual(read.rows.map(\.line), [3, 5])
    }

    func testQuoteInsideAnUnquotedFieldIsKept() throws {
        XCTAssertEqual(try table("a,b\n5\" disk,x\n").rows[0].fields, ["5\" disk", "x"])
    }

    func testShortAndLongRowsAreKeptAsWritten() throws {
        XCTAssertEqual(try table("a,b,c\n1\n1,2,3,4\n").rows.map(\.fields), [["1"], ["1", "2", "3", "4"]])
    }

    func testUnclosedQuoteSaysWhichLine() {
        XCTAssertEqual(refusal(Array("a,b\n1,2\n3,\"open\n4,5\n".utf8)), .unclosedQuote(line: 3))
    }

    func testBinaryLatin1AndUTF16AreRefused() {
        XCTAssertEqual(refusal([0x50, 0x4B, 0x03, 0x04, 0x00, 0x00]), .binary)
        XCTAssertEqual(refusal(Array("Name\nAda\n".utf8) + [0x4D, 0xFC, 0x6C, 0x6C, 0x65, 0x72, 0x0A]), .notUTF8(line: 3))
        XCTAssertEqual(refusal([0xFF, 0xFE, 0x41, 0x00]), .utf16)
        XCTAssertEqual(refusal(Array("\n\n".utf8)), .empty)
    }

    /// Issue 39: 8 KB of commas made a table of 8,001 columns, and the import a row and a
    /// drop-down for each. A record wider than the limit is refused, with its line.
    func testARecordWiderThanTheColumnLimitIsRefusedWithItsLine() throws {
        let reader = CSVReader(columnLimit: 3)
        XCTAssertEqual(try reader.table(from: Array("a,b,c\n1,2,3\n".utf8)).header, ["a", "b", "c"])
        XCTAssertEqual(refusal(Array("a,b,c,d\n1,2,3,4\n".utf8), reader: reader), .tooManyColumns(line: 1, limit: 3))
        XCTAssertEqual(refusal(Array("a,b\n1,2\n\"x\ny\",2,3,4\n".utf8), reader: reader), .tooManyColumns(line: 3, limit: 3))
        let wide = Array(repeating: "", count: 8_001).joined(separator: ",")
        XCTAssertEqual(refusal(Array(wide.utf8), reader: CSVReader(columnLimit: 2_000)), .tooManyColumns(line: 1, limit: 2_000))
        XCTAssertEqual(CSVReadError.tooManyColumns(line: 1, limit: 2_000).message,
                       "Line 1 has more than 2000 columns, more than any form has fields. "
                           + "In a spreadsheet, remove the columns you do not need and import the file again.")
        XCTAssertEqual(try CSVReader().table(from: Array(wide.utf8)).header.count, 8_001, "no limit unless one is given")
    }

    func testALargeFileIsRefusedBeforeItIsRead() throws {
        let folder = TemporaryDirectory()
        let url = folder.url.appendingPathComponent("huge.csv")
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 1 << 30)  // 1 GB, sparse: nothing is written
        try handle.close()
        XCTAssertThrowsError(try CSVReader().table(contentsOf: url)) { error in
            XCTAssertEqual(error as? CSVReadError, .tooLarge(bytes: 1 << 30, limit: 50_000_000))
            XCTAssertTrue((error as? CSVReadError)?.message.contains("1073 MB") ?? false)
        }
        XCTAssertThrowsError(try CSVReader().table(contentsOf: folder.url)) { error in
            XCTAssertEqual(error as? CSVReadError, .notAFile)
        }
    }

    func testUnneutralizedTakesBackTheExportsApostrophes() {
        XCTAssertEqual(CSVReader.unneutralized("'=1+1"), "=1+1")
        XCTAssertEqual(CSVReader.unneutralized("x;'-1"), "x;-1")
        XCTAssertEqual(CSVReader.unneutralized("' @SUM(A1)"), " @SUM(A1)")
        XCTAssertEqual(CSVReader.unneutralized("O'Brien"), "O'Brien")
        XCTAssertEqual(CSVReader.unneutralized("'quoted'"), "'quoted'")
    }
}
