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
/// With `neutralizesFormulas` (the default), text that a spreadsheet would run as a formula
/// ("CSV injection") gets an apostrophe, so that it shows as text — in whichever separator
/// convention the file is opened with (`,`, `;` or tab; a spreadsheet in a European locale reads
/// `a;=1+1` as two cells, and one that does not honour the quotes reads each line of a
/// multi-line field on its own). Every *segment* is checked: the field's start and the text after
/// each `,`, `;`, tab, CR or LF inside it. A segment whose first character, after spaces (or
/// other white space but tab, CR and LF) and double quotes, is `=`, `+`, `-`, `@`, a tab or CR,
/// or their fullwidth forms `＝＋－＠`, gets the apostrophe at its start. The price: a value
/// such as `x;-1` is exported as `x;'-1`. Turn it off to write the values exactly, e.g. for
/// another program to read back.
public struct CSVWriter: Sendable {
    /// Whether text that a spreadsheet would take for a formula gets an apostrophe.
    public var neutralizesFormulas: Bool
    private let progress: (@Sendable (Step) -> Void)?

    /// A step of writing the file, reported to crash tests.
    public enum Step: String, Sendable, CaseIterable {
        /// The file exists, unnamed (`O_TMPFILE`) or under a hidden temporary name; nothing written.
        case created
        /// The whole text is written.
        case written
        /// The text is flushed to the disk.
        case synced
        /// The file has a name in the folder: the target's, or a hidden temporary one when a
        /// file is to be replaced.
        case linked
        /// The file replaced the previous one (only when there was one).
        case renamed
        /// The folder is flushed.
        case folderSynced
    }

    /// The characters that make a spreadsheet read a field as a formula when it starts with them.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠"]

    /// The characters after which a spreadsheet may start a new cell in some convention.
    static let separators: Set<Unicode.Scalar> = [",", ";", "\t", "\r", "\n"]

    /// A writer; see `neutralizesFormulas`.
    public init(neutralizesFormulas: Bool = true) {
        self.neutralizesFormulas = neutralizesFormulas
        progress = nil
    }

    /// A writer that reports each step of `write(header:rows:to:)`: for crash tests only.
    @_spi(Testing) public init(neutralizesFormulas: Bool = true, progress: @escaping @Sendable (Step) -> Void) {
        self.neutralizesFormulas = neutralizesFormulas
        self.progress = progress
    }

    /// Whether a spreadsheet would take the text for a formula: its first character that is
    /// not a space (or other white space but tab and CR) starts one.
    public static func looksLikeFormula(_ text: String) -> Bool {
        segmentStartsFormula(text.unicodeScalars[...])
    }

    /// Whether the segment starting here starts a formula: its first character that is not
    /// white space (but tab and CR) or a double quote starts one; a separator ends the search.
    private static func segmentStartsFormula(_ scalars: Substring.UnicodeScalarView) -> Bool {
        for scalar in scalars {
            if formulaStarts.contains(scalar) { return true }
            if separators.contains(scalar) { return false }
            if scalar == "\"" || scalar.properties.isWhitespace { continue }
            return false
        }
        return false
    }

    /// `text` with an apostrophe at the start of every segment that would start a formula
    /// (see the type's documentation); text without one is returned as it is.
    public static func neutralized(_ text: String) -> String {
        let scalars = Substring(text).unicodeScalars
        var result = String.UnicodeScalarView()
        var segmentStart = true
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if segmentStart, segmentStartsFormula(scalars[index...]) { result.append("'") }
            result.append(scalar)
            segmentStart = separators.contains(scalar)
            index = scalars.index(after: index)
        }
        return String(result)
    }

    /// One field as it appears in the file, quoted when it must be.
    public func field(_ text: String) -> String {
        var text = text
        if neutralizesFormulas {
            text = CSVWriter.neutralized(text)
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
    /// The text is written into an unnamed file in the target's folder (`O_TMPFILE`), which
    /// gets its name (`linkat`) only once it is flushed: a process killed before that leaves
    /// nothing behind. When a file is replaced, the new one is linked under a hidden name
    /// (`.<name>.pinform-XXXXXX`) and renamed over it, the two calls one after the other; on a file
    /// system without `O_TMPFILE` the hidden file is made first (`mkstemp`). Such a hidden file
    /// left by a process killed in between is removed by the next export to the same file.
    ///
    /// - Throws: `StoreError.exportFailed`; a previous file at `url` is then unchanged.
    public func write(header: [String], rows: some Sequence<some Sequence<String>>, to url: URL) throws(StoreError) {
        let bytes = Array(document(header: header, rows: rows).utf8)
        let path = url.path
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        func failure(_ code: Int32) -> StoreError {
            .exportFailed(path: path, reason: String(cString: strerror(code)))
        }
        CSVWriter.removeLeftovers(of: name, in: folder)
        var status = stat()
        let replaces = lstat(path, &status) == 0
        // O_TMPFILE: an unnamed file, with mode 0600 whatever the umask; it is named through
        // /proc/self/fd, so without /proc the hidden file is made instead.
        var descriptor: Int32 = -1
        if access("/proc/self/fd", X_OK) == 0 {
            descriptor = open(folder, CSVWriter.temporaryFileFlag | O_WRONLY | O_CLOEXEC, 0o600)
            if descriptor < 0, errno != EOPNOTSUPP, errno != EISDIR, errno != EINVAL { throw failure(errno) }
        }
        var temporaryPath: String?
        if descriptor < 0 {
            var template = Array((folder + "/" + CSVWriter.hiddenPrefix(of: name) + "XXXXXX").utf8CString)
            // mkstemp creates the file with mode 0600 whatever the umask.
            descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { throw failure(errno) }
            temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        }
        progress?(.created)
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
        if code == 0 { progress?(.written) }
        if code == 0, fchmod(descriptor, 0o600) != 0 { code = errno }
        if code == 0, fsync(descriptor) != 0 { code = errno }
        if code == 0 { progress?(.synced) }
        if code == 0, temporaryPath == nil {
            // A new file gets the target's name at once; a replacement (or a file that
            // appeared meanwhile) a hidden one first.
            if replaces || linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) != 0 {
                if !replaces, errno != EEXIST {
                    code = errno
                } else if let linked = CSVWriter.linkUnderHiddenName(descriptor, folder: folder, name: name) {
                    temporaryPath = linked
                } else {
                    code = errno
                }
            }
            if code == 0 { progress?(.linked) }
        } else if code == 0 {
            progress?(.linked)
        }
        if close(descriptor) != 0, code == 0 { code = errno }
        if code == 0, let temporaryPath {
            if rename(temporaryPath, path) != 0 { code = errno } else { progress?(.renamed) }
        }
        guard code == 0 else {
            if let temporaryPath { unlink(temporaryPath) }
            throw failure(code)
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
        progress?(.folderSynced)
    }

    /// `O_TMPFILE`, which Glibc's module does not import (a macro of two flags).
    static let temporaryFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

    /// Links the unnamed file `descriptor` as `.<name>.pinform-XXXXXX` (random) in `folder`.
    ///
    /// - Returns: the path, or nil with `errno` set.
    private static func linkUnderHiddenName(_ descriptor: Int32, folder: String, name: String) -> String? {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        for _ in 0..<100 {
            let suffix = String((0..<6).map { _ in letters.randomElement()! })
            let candidate = folder + "/" + hiddenPrefix(of: name) + suffix
            if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, candidate, AT_SYMLINK_FOLLOW) == 0 {
                return candidate
            }
            if errno != EEXIST { return nil }
        }
        errno = EEXIST
        return nil
    }

    /// The start of a hidden file's name, `.<name>.pinform-`: distinct enough that no file of
    /// the user's (a `.people.csv.backup`) is taken for one.
    static func hiddenPrefix(of name: String) -> String {
        "." + name + ".pinform-"
    }

    /// Removes the hidden files `.<name>.pinform-XXXXXX` in `folder` that an export of `name` killed
    /// half-way left: regular files of this user, readable by them only, nothing else.
    static func removeLeftovers(of name: String, in folder: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let prefix = hiddenPrefix(of: name)
        for entry in entries where entry.hasPrefix(prefix) {
            let suffix = entry.dropFirst(prefix.count)
            guard suffix.count == 6, suffix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { continue }
            let path = folder + "/" + entry
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
                  status.st_mode & 0o077 == 0 else { continue }
            unlink(path)
        }
    }
}

/// `write(2)`, which `CSVWriter.write` hides inside the type.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
