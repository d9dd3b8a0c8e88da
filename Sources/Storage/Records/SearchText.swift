import Foundation

/// The folded form of text that searches compare, so that a search ignores case in every
/// script and how an accented letter was typed (SQLite's own `LIKE` and `NOCASE` fold ASCII
/// letters only, and compare bytes).
///
/// Each record keeps its text columns folded and joined by newlines in a hidden column; a
/// search splits what the person typed at white space and looks for every word in it as plain
/// text (see `SearchIndex`) — quotes, `%` and `_` mean nothing special.
package enum SearchText {
    /// The most words a search may have.
    package static let termLimit = 32

    /// Which folding the hidden column holds: 1 was lower case only; 2 is Unicode case folding
    /// and canonical composition (NFC). A table folded otherwise is folded again on opening.
    package static let foldVersion = 2

    /// The text case-folded and in canonical composition (NFC), so that a decomposed "école"
    /// (e + U+0301), a precomposed "école" and "ÉCOLE" fold alike, and "Straße" like "STRASSE".
    ///
    /// ASCII text, most of what people type, takes the standard library's fast `lowercased()`;
    /// other text goes through Foundation's case folding and normalization.
    package static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.lowercased()
        }
        return text.folding(options: .caseInsensitive, locale: nil).precomposedStringWithCanonicalMapping
    }

    /// The hidden column's value: every text value folded, one per line.
    package static func document(_ values: some Sequence<SQLValue>) -> String {
        var document = ""
        for case .text(let text) in values {
            if !document.isEmpty { document += "\n" }
            document += fold(text)
        }
        return document
    }

    /// The folded words of a search; none for `nil` or only white space.
    ///
    /// - Throws: `.searchTooLong` for more than `termLimit` words.
    package static func terms(_ search: String?) throws(StoreError) -> [String] {
        guard let search else { return [] }
        let words = search.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        guard words.count <= termLimit else {
            throw StoreError.searchTooLong(words: words.count, limit: termLimit)
        }
        return words.map { fold(String($0)) }
    }
}
