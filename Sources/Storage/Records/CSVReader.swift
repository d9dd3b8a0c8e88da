#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads CSV as RFC 4180 describes it, and as spreadsheets write it: UTF-8 with or without a
/// byte-order mark, fields separated by `,` (or `;` or tab, as European spreadsheets save it —
/// the separator is the one the first line uses most), records ending in CRLF, LF or CR, a field
/// in double quotes holding separators, quotes (doubled) and line breaks.
///
/// ```swift
/// let table = try CSVReader().table(from: Array("Name;Note\r\nAda;\"said \"\"hi\"\"\"\r\n".utf8))
/// // table.header == ["Name", "Note"], table.rows[0].fields == ["Ada", "said \"hi\""]
/// ```
///
/// Lenient where spreadsheets are: a quote inside an unquoted field is kept as it is, text
/// after a closing quote is added to the field, blank lines are skipped, and rows may have
/// fewer or more fields than the header. What cannot be a CSV file is refused with a
/// `CSVReadError` that says why: a binary file, text that is not UTF-8, a quote never closed.
public struct CSVReader: Sendable {
    /// The largest file `table(contentsOf:)` reads.
    public var byteLimit: Int
    /// The separator, or nil to take the one the first line uses most.
    public var separator: Character?
    /// The most fields a record may have, or nil for no limit: a wider file is refused as soon
    /// as a record passes it, so that a few kilobytes of separators cannot make a table of
    /// thousands of columns (see `ImportMapping.maximumColumns`).
    public var columnLimit: Int?

    /// One record of the file: its fields and the line of the file it starts on (from 1).
    public struct Row: Sendable, Equatable {
        /// The fields, as written (quotes removed).
        public var fields: [String]
        /// The line of the file the record starts on, counted from 1 (the header is line 1).
        public var line: Int
    }

    /// A whole file: its first record (the column headers) and the records after it.
    public struct Table: Sendable, Equatable {
        /// The separator the file uses: `,`, `;` or tab.
        public var separator: Character
        /// The first record's fields.
        public var header: [String]
        /// Every record after the first, blank lines left out.
        public var rows: [Row]
    }

    /// A reader of files up to `byteLimit` bytes (50 MB by default: some 500,000 records),
    /// separated by `separator` (an ASCII character), or by the one the first line uses most,
    /// of records of at most `columnLimit` fields (any number when nil).
    public init(byteLimit: Int = 50_000_000, separator: Character? = nil, columnLimit: Int? = nil) {
        self.byteLimit = byteLimit
        self.separator = separator
        self.columnLimit = columnLimit
    }

    /// Reads the file at `url`; a file over `byteLimit` is refused before it is read.
    public func table(contentsOf url: URL) throws(CSVReadError) -> Table {
        var status = stat()
        guard stat(url.path, &status) == 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notAFile }
        guard Int(status.st_size) <= byteLimit else { throw .tooLarge(bytes: Int(status.st_size), limit: byteLimit) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(reason: (error as NSError).localizedDescription)
        }
        guard data.count <= byteLimit else { throw .tooLarge(bytes: data.count, limit: byteLimit) }
        return try table(from: [UInt8](data))
    }

    /// Reads a whole file's bytes.
    public func table(from bytes: [UInt8]) throws(CSVReadError) -> Table {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            start = 3
        } else if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw .utf16
        }
        let body = bytes[start...]
        if body.contains(0) { throw .binary }
        guard String(validating: body, as: UTF8.self) != nil else {
            throw .notUTF8(line: CSVReader.firstInvalidLine(body))
        }
        let separator = self.separator?.asciiValue ?? CSVReader.separator(of: body)
        var records = try CSVReader.records(body, separator: separator, columnLimit: columnLimit ?? Int.max)
        records.removeAll { $0.fields.count == 1 && $0.fields[0].isEmpty }
        guard let first = records.first else { throw .empty }
        return Table(separator: Character(Unicode.Scalar(separator)), header: first.fields, rows: Array(records.dropFirst()))
    }

    /// The separator the first record uses most outside quotes (a comma when it uses none).
    static func separator(of bytes: ArraySlice<UInt8>) -> UInt8 {
        var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, UInt8(ascii: "\t"): 0]
        var quoted = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if quoted { continue }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            if counts[byte] != nil { counts[byte, default: 0] += 1 }
        }
        let comma = UInt8(ascii: ",")
        return counts.max { left, right in
            left.value == right.value ? right.key == comma : left.value < right.value
        }.map { $0.value == 0 ? comma : $0.key } ?? comma
    }

    /// Splits valid UTF-8 into records; the separator, quotes and line ends are ASCII, so they
    /// never occur inside a multi-byte character. A record of more than `columnLimit` fields
    /// is refused when its field after the limit starts.
    static func records(_ bytes: ArraySlice<UInt8>, separator: UInt8, columnLimit: Int = Int.max) throws(CSVReadError) -> [Row] {
        let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var rows: [Row] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var rowLine = 1
        var quoted = false
        var quoteLine = 1
        var index = bytes.startIndex
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == quote {
                    if index < bytes.endIndex, bytes[index] == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == lf || (byte == cr && (index == bytes.endIndex || bytes[index] != lf)) { line += 1 }
                    field.append(byte)
                }
            } else if byte == quote, field.isEmpty {
                quoted = true
                quoteLine = line
            } else if byte == separator {
                endField()
                if fields.count >= columnLimit { throw .tooManyColumns(line: rowLine, limit: columnLimit) }
            } else if byte == cr || byte == lf {
                if byte == cr, index < bytes.endIndex, bytes[index] == lf { index += 1 }
                endField()
                rows.append(Row(fields: fields, line: rowLine))
                fields.removeAll(keepingCapacity: true)
                line += 1
                rowLine = line
            } else {
                field.append(byte)
            }
        }
        if quoted { throw .unclosedQuote(line: quoteLine) }
        if !field.isEmpty || !fields.isEmpty {
            endField()
            rows.append(Row(fields: fields, line: rowLine))
        }
        return rows
    }

    /// The line (from 1) of the first byte sequence that is not UTF-8.
    static func firstInvalidLine(_ bytes: ArraySlice<UInt8>) -> Int {
        var line = 1
        var lineStart = bytes.startIndex
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            if String(validating: bytes[lineStart..<index], as: UTF8.self) == nil { return line }
            line += 1
            lineStart = index + 1
        }
        return line
    }

    /// The text as it was before a `CSVWriter` that neutralizes formulas wrote it: the
    /// apostrophe it put before each segment that starts like a formula is taken away
    /// (see `CSVWriter.neutralized(_:)`). Other apostrophes stay.
    public static func unneutralized(_ text: String) -> String {
        guard text.unicodeScalars.contains("'") else { return text }
        let scalars = Substring(text).unicodeScalars
        var result = String.UnicodeScalarView()
        var segmentStart = true
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if segmentStart, scalar == "'", startsFormula(scalars[next...]) {
                segmentStart = false
                index = next
                continue
            }
            result.append(scalar)
            segmentStart = CSVWriter.separators.contains(scalar)
            index = next
        }
        return String(result)
    }

    /// Whether the segment starting here starts a formula, as `CSVWriter` decides it.
    static func startsFormula(_ scalars: Substring.UnicodeScalarView) -> Bool {
        for scalar in scalars {
            if CSVWriter.formulaStarts.contains(scalar) { return true }
            if CSVWriter.separators.contains(scalar) { return false }
            if scalar == "\"" || scalar.properties.isWhitespace { continue }
            return false
        }
        return false
    }
}
