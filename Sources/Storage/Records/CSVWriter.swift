#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes rows of text as CSV following RFC 4180: a header row, CRLF line endings, UTF-8, and a
/// field in double quotes (its quotes doubled) when it holds a comma, a quote, CR or LF.
///
/// ```swift
/// let csv = CSVWriter().document(header: ["Name", "Note"], rows: [["Ada", "said \"hi\", then left"]])
/// // "Name,Note\r\nAda,\"said \"\"hi\"\", then left\"\r\n"
/// ```
///
/// With `neutralizesFormulas` (the default), a field that a spreadsheet would run as a formula
/// ("CSV injection") gets a leading apostrophe, so that it shows as text: one starting with
/// `=`, `+`, `-`, `@`, a tab or CR, or their fullwidth forms `＝＋－＠`, also after leading
/// spaces. Turn it off to write the values exactly, e.g. for another program to read back.
public struct CSVWriter: Sendable {
    /// Whether fields that a spreadsheet would take for a formula get a leading apostrophe.
    public var neutralizesFormulas: Bool

    /// The characters that make a spreadsheet read a field as a formula when it starts with them.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠"]

    /// A writer; see `neutralizesFormulas`.
    public init(neutralizesFormulas: Bool = true) {
        self.neutralizesFormulas = neutralizesFormulas
    }

    /// Whether a spreadsheet would take the field for a formula: its first character that is
    /// not a space (or other white space but tab and CR) starts one.
    public static func looksLikeFormula(_ text: String) -> Bool {
        let first = text.unicodeScalars.first { scalar in
            formulaStarts.contains(scalar) || !scalar.properties.isWhitespace
        }
        return first.map(formulaStarts.contains) ?? false
    }

    /// One field as it appears in the file, quoted when it must be.
    public func field(_ text: String) -> String {
        var text = text
        if neutralizesFormulas, CSVWriter.looksLikeFormula(text) {
            text = "'" + text
        }
        let needsQuotes = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One row as a line of the file, ending in CRLF.
    public func line(_ fields: some Sequence<String>) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// The whole file: the header line, then one line per row.
    public func document(header: [String], rows: some Sequence<some Sequence<String>>) -> String {
        var document = line(header)
        for row in rows {
            document += line(row)
        }
        return document
    }

    /// Writes the whole file as UTF-8 without a byte-order mark, readable by its owner only
    /// (mode 0600, whatever the umask), replacing any file at `url` only once the new one is
    /// completely written and flushed.
    ///
    /// - Throws: `StoreError.exportFailed`; a previous file at `url` is then unchanged.
    public func write(header: [String], rows: some Sequence<some Sequence<String>>, to url: URL) throws(StoreError) {
        let bytes = Array(document(header: header, rows: rows).utf8)
        let path = url.path
        let folder = url.deletingLastPathComponent().path
        func failure(_ code: Int32) -> StoreError {
            .exportFailed(path: path, reason: String(cString: strerror(code)))
        }
        var template = Array((folder + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        // mkstemp creates the file with mode 0600 whatever the umask.
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure(errno) }
        let temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var written = 0
        var code: Int32 = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { writeBytes(descriptor, $0.baseAddress! + written, $0.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                code = errno
                break
            }
            written += result
        }
        if code == 0, fchmod(descriptor, 0o600) != 0 { code = errno }
        if code == 0, fsync(descriptor) != 0 { code = errno }
        if close(descriptor) != 0, code == 0 { code = errno }
        if code == 0, rename(temporaryPath, path) != 0 { code = errno }
        guard code == 0 else {
            unlink(temporaryPath)
            throw failure(code)
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}

/// `write(2)`, which `CSVWriter.write` hides inside the type.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
