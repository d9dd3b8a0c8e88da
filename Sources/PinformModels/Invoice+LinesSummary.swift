import Foundation
import Forms
import Localization

/// An invoice's lines as the records list shows them and a screen reader names them: how many
/// and what, "2 lines: Consulting, Hosting" — not the export's "Consulting | 1 | 1234.5 | 0".
enum InvoiceLinesSummary {
    /// How many descriptions the summary names before "…".
    static let shownDescriptions = 3

    /// The summary of `lines`; "" for none (the cell is then named "None").
    static func text(_ lines: [Invoice.Line], using parsing: NumberParsing = .current) -> String {
        guard !lines.isEmpty else { return "" }
        let described = lines.map { $0.description.replacingNewlines() }.filter { !$0.isEmpty }
        var names = described.prefix(shownDescriptions).joined(separator: tr(", "))
        if described.count > shownDescriptions { names += "…" }
        // The count in the locale's digits, as the list's amounts are.
        let count = Decimal(lines.count).formatted(using: parsing)
        guard !names.isEmpty else {
            // Translators: an invoice's Lines cell in the records list when no line has a description.
            return trn("{count} line", "{count} lines", lines.count, ["count": count])
        }
        // Translators: an invoice's Lines cell in the records list: "2 lines: Consulting, Hosting".
        return trn("{count} line: {descriptions}", "{count} lines: {descriptions}", lines.count,
                   ["count": count, "descriptions": names])
    }
}

private extension String {
    /// The text on one line: a description's newlines become spaces.
    func replacingNewlines() -> String {
        split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }
}
