import FormDefinitions
import Foundation
import PinformModels
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Issue 39: a 300 MB `.pinform-form` was read whole (peak +330 MB) before the 1 MB check. The
/// designer's Import… reads through `FormDocument.read(contentsOf:)`, which refuses it by size.
final class FormDocumentFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-form-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The bytes this thread has read through system calls (`rchar` of /proc/thread-self/io).
    private func bytesRead() throws -> Int {
        let text = try String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8)
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("rchar:") })
        return try XCTUnwrap(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
    }

    private func message(reading url: URL) -> String? {
        do {
            _ = try FormDocument.read(contentsOf: url)
            return nil
        } catch {
            return error.message
        }
    }

    func testA300MBFileIsRefusedByItsSizeWithoutReadingIt() throws {
        let url = folder.appendingPathComponent("huge.pinform-form")
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: Data(FormDocument.encode(FormTemplates.contact))))
        // Sparse: 300 MB long, a few pages on disk.
        XCTAssertEqual(truncate(url.path, 300_000_000), 0)
        let before = try bytesRead()
        XCTAssertEqual(message(reading: url), "This file is too large to be a form (at most 1 MB)")
        XCTAssertLessThan(try bytesRead() - before, 64 * 1024, "the file was read before its size was checked")
    }

    func testAFileJustOverTheLimitIsRefusedAndOneAtItReads() throws {
        let form = FormDocument.encode(FormTemplates.contact)
        let over = folder.appendingPathComponent("over.pinform-form")
        let padded = form + Data(repeating: 0x20, count: FormDocument.maximumSize + 1 - form.count)
        try padded.write(to: over)
        XCTAssertEqual(message(reading: over), "This file is too large to be a form (at most 1 MB)")
        let at = folder.appendingPathComponent("at.pinform-form")
        try padded.dropLast().write(to: at)
        XCTAssertEqual(try FormDocument.read(contentsOf: at), FormTemplates.contact)
    }

    /// Issue 39: a file with fields "f-a" and "f_a" was imported, and saving it trapped the app
    /// (both name the column "f_a"); Import… refuses it, naming both fields.
    func testAFileWhoseFieldIdsNameOneStoredColumnIsRefusedNamingBothFields() throws {
        let pairs: [(FieldDefinitionID, FieldDefinitionID, String)] = [
            ("f-a", "f_a", "“Second” and “First” cannot both be kept: their ids “f_a” and “f-a” name one stored column"),
            ("f-A", "f-a", "“Second” and “First” cannot both be kept: their ids “f-a” and “f-A” name one stored column"),
            ("a", "a", "Two fields have the id “a”"),
        ]
        for (first, second, expected) in pairs {
            let url = folder.appendingPathComponent("crafted.pinform-form")
            try FormDocument.encode(FormDefinition(id: "form-crafted", name: "Crafted", fields: [
                FieldDefinition(id: first, label: "First", kind: .text(.plain)),
                FieldDefinition(id: second, label: "Second", kind: .wholeNumber),
            ])).write(to: url)
            XCTAssertEqual(message(reading: url), expected)
        }
    }

    func testAFIFOOrAMissingFileIsRefusedWithoutBlocking() throws {
        let fifo = folder.appendingPathComponent("pipe.pinform-form")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        XCTAssertEqual(message(reading: fifo), "The file cannot be read: not a plain file")
        XCTAssertEqual(message(reading: folder.appendingPathComponent("gone.pinform-form")),
                       "The file cannot be read: No such file or directory")
    }
}
