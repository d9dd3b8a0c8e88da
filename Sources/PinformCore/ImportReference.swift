import Forms
import Localization

/// Reads an imported cell that names a record of another model (an invoice's customer, given
/// by name, by email, or as the export wrote it: the person's summary) into that record.
///
/// The cell is searched as a person would type it into the chooser. A cell that matches
/// nothing as a whole (an export's summary holds an age and a height that no search column
/// has) is searched part by part, between its commas, and the records every matching part
/// finds are kept. One record found is the one; a record whose summary is the cell wins over
/// others; otherwise the row is invalid and says why: nothing matches, or how many do.
@MainActor
public enum ImportReference {
    /// How many matches are looked at: more than a cell should ever match.
    static let limit = 50

    /// The record `cell` names among `lookup`'s, or the message saying why there is none.
    public static func match<Target>(_ cell: String, in lookup: any RecordLookup<Target>) -> Result<RecordRef<Target>, ImportRejection> {
        let text = cell.trimmingCharacters(in: .whitespacesAndNewlines)
        var matches = lookup.search(text, limit: limit)
        if matches.isEmpty { matches = partMatches(text, in: lookup) }
        let wanted = ImportText.folded(text)
        let exact = matches.filter { ImportText.folded($0.summary) == wanted }
        if exact.count == 1 { return .success(exact[0].record) }
        switch matches.count {
        case 1:
            return .success(matches[0].record)
        case 0:
            // Translators: an imported cell that should name a record of another model (a customer).
            return .failure(ImportRejection([tr("No record matches “{text}”", ["text": text])]))
        default:
            let count = matches.count < limit ? String(matches.count) : String(limit) + "+"
            // Translators: an imported cell matches several records of another model; {count} is how many.
            return .failure(ImportRejection([tr("{count} records match “{text}”: give the whole name or the email address",
                                                ["count": count, "text": text])]))
        }
    }

    /// The records found by every part of `text` (between commas) that finds any.
    private static func partMatches<Target>(_ text: String, in lookup: any RecordLookup<Target>) -> [RecordMatch<Target>] {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard parts.count > 1 else { return [] }
        var found: [RecordMatch<Target>]?
        for part in parts {
            let matches = lookup.search(part, limit: limit)
            guard !matches.isEmpty else { continue }
            let ids = Set(matches.map(\.record.id))
            found = found.map { $0.filter { ids.contains($0.record.id) } } ?? matches
        }
        return found ?? []
    }
}
