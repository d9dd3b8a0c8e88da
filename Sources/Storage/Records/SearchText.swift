import Foundation

/// The folded form of text that searches compare, so that a search ignores case in every
/// script (SQLite's own `LIKE` and `NOCASE` fold ASCII letters only).
///
/// Each record keeps its text columns folded and joined by newlines in a hidden column; a
/// search splits what the person typed at white space and looks for every word in it with
/// `instr`, which takes the words as plain text — quotes, `%` and `_` need no escaping.
enum SearchText {
    /// The text in lower case in every script, e.g. "ÉCOLE" → "école", "ДОМ" → "дом".
    ///
    /// The standard library's `lowercased()` is used rather than Foundation's `folding`, which
    /// is twenty times slower on Linux and would dominate saving 100,000 records.
    static func fold(_ text: String) -> String {
        text.lowercased()
    }

    /// The hidden column's value: every text value folded, one per line.
    static func document(_ values: some Sequence<SQLValue>) -> String {
        var document = ""
        for case .text(let text) in values {
            if !document.isEmpty { document += "\n" }
            document += fold(text)
        }
        return document
    }

    /// The folded words of a search; none for `nil` or only white space.
    static func terms(_ search: String?) -> [String] {
        guard let search else { return [] }
        return search.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).map { fold(String($0)) }
    }
}
