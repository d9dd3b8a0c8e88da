import Foundation
import SeededRandom
@testable import Storage
import XCTest

/// CSVReader against CSVWriter and against damaged bytes: what the writer writes reads back
/// field for field, and no input crashes the reader or loses its row count.
final class CSVReaderFuzzTests: XCTestCase {
    /// Characters that matter to CSV and to formula protection, and some that do not.
    private static let alphabet: [String] = [",", ";", "\t", "\r", "\n", "\r\n", "\"", "=", "+", "-", "@", " ",
                                             "a", "Z", "0", "é", "ß", "日", "👩‍💻", "＝", "'"]

    private static func text(using random: inout SplitMix64, excluding: Set<String> = []) -> String {
        let letters = alphabet.filter { !excluding.contains($0) }
        let length = Int(random.next() % 12)
        return (0..<length).map { _ in letters[Int(random.next() % UInt64(letters.count))] }.joined()
    }

    func testWhatTheWriterWritesReadsBackFieldForField() throws {
        var random = SplitMix64(seed: 20)
        for _ in 0..<2_000 {
            let columns = 1 + Int(random.next() % 5)
            // A header cell that is empty in a one-column file is a blank line; the export's
            // headers are field titles, never empty.
            let header = (0..<columns).map { "h\($0)" + Self.text(using: &random) }
            let rows = (0..<Int(random.next() % 6)).map { _ in
                (0..<columns).map { _ in "r" + Self.text(using: &random) }
            }
            let document = CSVWriter(neutralizesFormulas: false).document(header: header, rows: rows)
            // The writer leaves `;` and tab unquoted: the separator is told, not guessed.
            let read = try CSVReader(separator: ",").table(from: Array(document.utf8))
            XCTAssertEqual(read.header, header, document.debugDescription)
            XCTAssertEqual(read.rows.map(\.fields), rows, document.debugDescription)
        }
    }

    func testNeutralizedTextIsTakenBackExactly() {
        var random = SplitMix64(seed: 21)
        for _ in 0..<5_000 {
            // An apostrophe the person typed before a formula cannot be told from the export's.
            let text = Self.text(using: &random, excluding: ["'"])
            XCTAssertEqual(CSVReader.unneutralized(CSVWriter.neutralized(text)), text, text.debugDescription)
            XCTAssertFalse(CSVWriter.looksLikeFormula(CSVWriter.neutralized(text)), text.debugDescription)
        }
    }

    func testDamagedBytesAreReadOrRefusedNeverCrash() throws {
        var random = SplitMix64(seed: 22)
        let sample = Array("Name,Note,Age\r\nAda,\"a, \"\"b\"\"\r\nc\",36\r\nBöb;x,=1,7\r\n".utf8)
        var refusals = 0
        for _ in 0..<3_000 {
            var bytes = sample
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let position = Int(random.next() % UInt64(bytes.count + 1))
                switch random.next() % 3 {
                case 0 where position < bytes.count: bytes.remove(at: position)
                case 1: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
                default: bytes.insert([UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: "\n")][Int(random.next() % 3)], at: position)
                }
            }
            do {
                let read = try CSVReader().table(from: bytes)
                let lines = bytes.indices.filter { index in
                    bytes[index] == UInt8(ascii: "\n")
                        || (bytes[index] == UInt8(ascii: "\r") && (index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n")))
                }.count + 1
                XCTAssertLessThanOrEqual(read.rows.count + 1, lines)
                XCTAssertTrue(read.rows.allSatisfy { !$0.fields.isEmpty })
                XCTAssertEqual(read.rows.map(\.line), read.rows.map(\.line).sorted())
            } catch {
                refusals += 1
                XCTAssertFalse(error.message.isEmpty)
            }
        }
        XCTAssertGreaterThan(refusals, 0)
        XCTAssertLessThan(refusals, 3_000)
    }
}
