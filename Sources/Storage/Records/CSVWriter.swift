import Foundation

/// Writes rows of text as CSV following RFC 4180: a header row, CRLF line endings, UTF-8, and a
/// field in double quotes (its quotes doubled) when it holds a comma, a quote, CR or LF.
///
/// ```swift
/// let csv = CSVWriter().document(header: ["Name", "Note"], rows: [["Ada", "said \"hi\", then left"]])
/// // "Name,Note\r\nAda,\"said \"\"hi\"\", then left\"\r\n"
/// ```
///
/// With `neutralizesFormulas`, a field starting with `=`, `+`, `-`, `@`, a tab or CR gets a
/// leading apostrophe, so that a spreadsheet shows it as text instead of running it as a
/// formula ("CSV injection"). It is off by default because it changes the data: a file written
/// with it no longer reads back as exactly what was exported.
public struct CSVWriter: Sendable {
    /// Whether fields that a spreadsheet would take for a formula get a leading apostrophe.
    public var neutralizesFormulas: Bool

    /// A writer; see `neutralizesFormulas`.
    public init(neutralizesFormulas: Bool = false) {
        self.neutralizesFormulas = neutralizesFormulas
    }

    /// One field as it appears in the file, quoted when it must be.
    public func field(_ text: String) -> String {
        var text = text
        if neutralizesFormulas, let first = text.unicodeScalars.first,
           ["=", "+", "-", "@", "\t", "\r"].contains(first) {
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

    /// Writes the whole file as UTF-8 without a byte-order mark, replacing any file at `url`
    /// only once the new one is completely written.
    ///
    /// - Throws: `StoreError.exportFailed`; a previous file at `url` is then unchanged.
    public func write(header: [String], rows: some Sequence<some Sequence<String>>, to url: URL) throws(StoreError) {
        let data = Data(document(header: header, rows: rows).utf8)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            let reason = (error as NSError).localizedDescription
            throw StoreError.exportFailed(path: url.path, reason: reason)
        }
    }
}
