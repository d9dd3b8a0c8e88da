import Foundation
import Localization
import Storage

/// How an import reads the text of a cell and of a header: folded for comparing, a formula
/// spotted, a yes or no read.
public enum ImportText {
    /// The text without case, accents or surrounding white space: "  Émile " and "emile" fold
    /// alike.
    public static func folded(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// A header folded down to its letters and digits: "First name", "first_name" and
    /// "FIRST-NAME" are one header.
    public static func headerKey(_ text: String) -> String {
        String(folded(text).unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            .map(Character.init))
    }

    /// Whether a cell as the file holds it would run as a spreadsheet formula: it starts like
    /// one (see `CSVWriter.looksLikeFormula`) and is not a plain number or phone number such as
    /// "-5", "+3,5" or "+49 30 1234-56" (a sign, then only digits, spaces and `.,()/-`). A cell
    /// from Pinform's own export never is: the export wrote an apostrophe before it.
    public static func isFormula(_ cell: String) -> Bool {
        guard CSVWriter.looksLikeFormula(cell) else { return false }
        let trimmed = cell.trimmingCharacters(in: .whitespaces)
        guard let sign = trimmed.first, "+-＋－".contains(sign) else { return true }
        let rest = trimmed.dropFirst()
        let allowed = Set("0123456789 .,()/-")
        return !(rest.contains(where: \.isNumber) && rest.allSatisfy { allowed.contains($0) })
    }

    /// The text a switch takes ("true" or "false") for a cell that says yes or no — the
    /// export's "Yes"/"No" in the user's language, English, "true"/"false", "1"/"0", "x" — or
    /// the cell as it is.
    public static func flag(_ cell: String) -> String {
        let word = folded(cell)
        // The list's and the export's words for a yes-or-no field (RecordField.flag).
        if [folded(tr("Yes")), "yes", "true", "1", "x", "y"].contains(word) { return "true" }
        if [folded(tr("No")), "no", "false", "0", "n", ""].contains(word) { return "false" }
        return cell
    }
}
