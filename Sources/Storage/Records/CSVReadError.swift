import Localization

/// Why a file could not be read as CSV, with a sentence for the person that says what to do.
public enum CSVReadError: Error, Equatable, Sendable {
    /// The file is larger than the reader accepts; nothing was read.
    case tooLarge(bytes: Int, limit: Int)
    /// The file holds NUL bytes: a spreadsheet's own format, a picture, not text.
    case binary
    /// The text is UTF-16 (it starts with its byte-order mark).
    case utf16
    /// The text is not UTF-8 (such as Latin-1 from an old spreadsheet); `line` is the first
    /// line that is not, counted from 1.
    case notUTF8(line: Int)
    /// A quoted field starting on `line` is never closed.
    case unclosedQuote(line: Int)
    /// The record starting on `line` has more than `limit` fields (columns); nothing more was read.
    case tooManyColumns(line: Int, limit: Int)
    /// The file holds no record at all.
    case empty
    /// The path names a folder, a device or a pipe.
    case notAFile
    /// The file could not be read; `reason` is the system's words.
    case unreadable(reason: String)

    /// A sentence to show the person.
    public var message: String {
        switch self {
        case .tooLarge(let bytes, let limit):
            tr("The file is too large to import ({size} MB; up to {limit} MB can be imported). Split it into smaller files.",
               ["size": String(bytes / 1_000_000), "limit": String(limit / 1_000_000)])
        case .binary:
            tr("This is not a CSV file. In a spreadsheet, save it as “CSV (comma-separated values)” first.")
        case .utf16:
            tr("The file is in UTF-16. In a spreadsheet, save it as “CSV UTF-8” and import that file.")
        case .notUTF8(let line):
            tr("Line {line} is not UTF-8 text. In a spreadsheet, save the file as “CSV UTF-8” and import that file.",
               ["line": String(line)])
        case .unclosedQuote(let line):
            tr("A quoted field on line {line} is never closed: the file is cut short or not a CSV file.",
               ["line": String(line)])
        case .tooManyColumns(let line, let limit):
            // Translators: an imported CSV file is too wide; {limit} is a number such as 2000.
            tr("Line {line} has more than {limit} columns, more than any form has fields. In a spreadsheet, remove the columns you do not need and import the file again.",
               ["line": String(line), "limit": String(limit)])
        case .empty:
            tr("The file is empty.")
        case .notAFile:
            tr("This is not a file.")
        case .unreadable(let reason):
            tr("The file cannot be read: {reason}", ["reason": reason])
        }
    }
}
