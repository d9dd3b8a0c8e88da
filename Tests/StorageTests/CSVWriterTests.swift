import Foundation
import XCTest
@testable import Storage

final class CSVWriterTests: XCTestCase {
    private let writer = CSVWriter()

    func testPlainFieldsAreWrittenAsTheyAre() {
        XCTAssertEqual(writer.line(["Ada", "Lovelace", "36"]), "Ada,Lovelace,36\r\n")
    }

    func testAFieldWithACommaIsQuoted() {
        XCTAssertEqual(writer.field("London, UK"), "\"London, UK\"")
    }

    func testQuotesInAFieldAreDoubledInsideQuotes() {
        XCTAssertEqual(writer.field("say \"hi\""), "\"say \"\"hi\"\"\"")
    }

    func testFieldsWithLineBreaksAreQuotedAndKeepThem() {
        XCTAssertEqual(writer.field("one\ntwo"), "\"one\ntwo\"")
        XCTAssertEqual(writer.field("one\r\ntwo"), "\"one\r\ntwo\"")
        XCTAssertEqual(writer.field("cr\r"), "\"cr\r\"")
    }

    func testEmptyFieldsStayEmpty() {
        XCTAssertEqual(writer.line(["", "x", ""]), ",x,\r\n")
    }

    func testUnicodeIsWrittenAsUTF8WithoutQuoting() {
        XCTAssertEqual(writer.line(["Zoë", "東京", "🙂"]), "Zoë,東京,🙂\r\n")
        XCTAssertEqual(Array(writer.line(["ë"]).utf8), [0xC3, 0xAB, 0x0D, 0x0A])
    }

    func testADocumentIsTheHeaderThenOneLinePerRow() {
        let document = writer.document(header: ["Name", "Note"], rows: [["Ada", "a, b"], ["Grace", ""]])
        XCTAssertEqual(document, "Name,Note\r\nAda,\"a, b\"\r\nGrace,\r\n")
    }

    func testFormulasAreNeutralizedByDefault() {
        XCTAssertEqual(CSVWriter().line(["=1+1", "-2", "@x", "+3"]), "'=1+1,'-2,'@x,'+3\r\n")
    }

    func testFormulasAreLeftAloneWhenAskedTo() {
        XCTAssertEqual(CSVWriter(neutralizesFormulas: false).line(["=1+1", "-2", "@x", "+3"]), "=1+1,-2,@x,+3\r\n")
    }

    func testNeutralizingFormulasPrefixesAnApostrophe() {
        let careful = CSVWriter(neutralizesFormulas: true)
        XCTAssertEqual(careful.line(["=SUM(A1)", "+1", "-1", "@x", "\tx", "safe"]), "'=SUM(A1),'+1,'-1,'@x,'\tx,safe\r\n")
        XCTAssertEqual(careful.field("=a,b"), "\"'=a,b\"")
        XCTAssertEqual(careful.field("\rx"), "\"'\rx\"")
    }

    func testTheKnownInjectionsAreNeutralized() {
        let careful = CSVWriter()
        XCTAssertEqual(careful.field("=HYPERLINK(\"http://x\")"), "\"'=HYPERLINK(\"\"http://x\"\")\"")
        XCTAssertEqual(careful.field("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0")
    }

    func testFormulasAfterLeadingSpacesAreNeutralized() {
        let careful = CSVWriter()
        XCTAssertEqual(careful.field("  =1+1"), "'  =1+1")
        XCTAssertEqual(careful.field("\u{A0}@x"), "'\u{A0}@x")
        XCTAssertEqual(careful.field(" \tx"), "' \tx")
    }

    func testFullwidthFormulaSignsAreNeutralized() {
        let careful = CSVWriter()
        XCTAssertEqual(careful.line(["＝1+1", "＋1", "－1", "＠x", " ＝x"]), "'＝1+1,'＋1,'－1,'＠x,' ＝x\r\n")
    }

    func testFormulasAfterASeparatorInsideAFieldAreNeutralized() {
        let careful = CSVWriter()
        // `;` is the separator of many European locales; tab of "tab-separated".
        XCTAssertEqual(careful.field("a;=1+1"), "a;'=1+1")
        XCTAssertEqual(careful.field("a; -1"), "a;' -1")
        XCTAssertEqual(careful.field("a,@x"), "\"a,'@x\"")
        XCTAssertEqual(careful.field("a\t+1"), "a\t'+1")
        XCTAssertEqual(careful.field("a;;＝1"), "a;;'＝1")
        XCTAssertEqual(careful.field("a;\"=1+1\""), "\"a;'\"\"=1+1\"\"\"")
    }

    func testEveryLineOfAMultiLineFieldIsNeutralized() {
        let careful = CSVWriter()
        XCTAssertEqual(careful.field("note\n=1+1"), "\"note\n'=1+1\"")
        XCTAssertEqual(careful.field("note\r\n  +1\n@x"), "\"note\r\n'  +1\n'@x\"")
        XCTAssertEqual(careful.field("=a\n=b"), "\"'=a\n'=b\"")
    }

    func testATabOrCRAfterASeparatorIsNeutralizedAndSoIsWhatFollowsIt() {
        XCTAssertEqual(CSVWriter.neutralized("\t=1"), "'\t'=1")
        XCTAssertEqual(CSVWriter.neutralized("a;\r=1"), "a;'\r'=1")
    }

    func testSeparatorsWithoutFormulasLeaveTheTextAlone() {
        let careful = CSVWriter()
        XCTAssertEqual(careful.field("a;b;c"), "a;b;c")
        XCTAssertEqual(careful.field("one\ntwo"), "\"one\ntwo\"")
        XCTAssertEqual(careful.field("x-1; y=2"), "x-1; y=2")
        XCTAssertEqual(CSVWriter(neutralizesFormulas: false).field("a;=1"), "a;=1")
    }

    func testTextThatMerelyContainsFormulaSignsIsLeftAlone() {
        let careful = CSVWriter()
        XCTAssertEqual(careful.line(["a=b", "x-1", "ada@example.com", "   ", "", "1+1"]),
                       "a=b,x-1,ada@example.com,   ,,1+1\r\n")
    }

    func testAnExportedFileIsReadableByItsOwnerOnlyWhateverTheUmask() throws {
        let temporary = TemporaryDirectory()
        let file = temporary.url.appendingPathComponent("export.csv")
        try Data("old".utf8).write(to: file)
        chmod(file.path, 0o666)
        let previous = umask(0)
        defer { umask(previous) }
        try writer.write(header: ["Name"], rows: [["Ada"]], to: file)
        var status = stat()
        XCTAssertEqual(stat(file.path, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
        XCTAssertEqual(try Data(contentsOf: file), Data("Name\r\nAda\r\n".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), ["export.csv"],
                       "no temporary file is left behind")
    }

    func testWritingAFileWritesTheDocumentAsUTF8() throws {
        let temporary = TemporaryDirectory()
        let file = temporary.url.appendingPathComponent("export.csv")
        try writer.write(header: ["Name"], rows: [["Zoë \"Z\""]], to: file)
        XCTAssertEqual(try Data(contentsOf: file), Data("Name\r\n\"Zoë \"\"Z\"\"\"\r\n".utf8))
    }

    func testWritingIntoAMissingFolderFailsWithTheFileNamed() {
        let file = URL(fileURLWithPath: "/nonexistent-\(UUID())/export.csv")
        XCTAssertThrowsError(try writer.write(header: ["a"], rows: [[String]](), to: file)) { error in
            guard case .exportFailed(let path, _)? = error as? StoreError else { return XCTFail("got \(error)") }
            XCTAssertEqual(path, file.path)
        }
    }

    /// Reads RFC 4180 back, to show that what is written parses to what was given.
    private func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = "", quoted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" { field.unicodeScalars.append(scalars.removeFirst()) } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                row.append(field); field = ""
            } else if scalar == "\r", scalars.first == "\n" {
                scalars.removeFirst(); row.append(field); rows.append(row); row = []; field = ""
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        return rows
    }

    func testRandomFieldsRoundTripThroughAParser() {
        let alphabet: [Character] = ["a", "Z", ",", "\"", "\r", "\n", " ", "é", "🙂", "=", "'", "\r\n"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let rows = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                (0..<3).map { _ in String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }) }
            }
            let header = ["a", "b", "c"]
            XCTAssertEqual(parse(CSVWriter(neutralizesFormulas: false).document(header: header, rows: rows)), [header] + rows)
        }
    }
}
