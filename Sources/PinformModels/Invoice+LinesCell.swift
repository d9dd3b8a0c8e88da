import Foundation
import Forms
import Localization
import PinformCore

/// An invoice's lines as one cell of a CSV file, which a spreadsheet shows and edits as it
/// is (a cell of several lines: Ctrl+Enter starts a new one in LibreOffice).
///
/// Each line of the invoice is one line of the cell, its four values between " | ":
///
///     Design work | 2 | 1250,50 | 19
///     Printing, "glossy" | 1 | 80 | 7
///
/// Description, quantity, unit price, tax rate in percent ("19" or "19 %"), the numbers with
/// the user's decimal separator ("." always read too). The last three "|" of a line separate
/// the numbers, so a description may hold "|" and commas; a newline in a description is
/// written `\n` and a backslash `\\`. Empty lines are skipped; an empty cell is no line.
enum InvoiceLinesCell {
    /// The separator between a line's values.
    static let separator = " | "

    /// The cell for `lines`.
    static func text(_ lines: [Invoice.Line], using parsing: NumberParsing = .current) -> String {
        lines.map { line in
            [escaped(line.description), line.quantity.formatted(using: parsing), line.unitPrice.formatted(using: parsing),
             line.taxRate.formatted(using: parsing)].joined(separator: separator)
        }.joined(separator: "\n")
    }

    /// The lines `cell` holds, or every problem, each led by its line: "Line 2: Quantity: Enter a number".
    static func lines(_ cell: String, using parsing: NumberParsing = .current) -> Result<[Invoice.Line], ImportRejection> {
        var lines: [Invoice.Line] = []
        var problems: [String] = []
        let texts = cell.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for (index, text) in texts.enumerated() {
            switch line(text, using: parsing) {
            case .success(let line):
                lines.append(line)
            case .failure(let rejection):
                // Translators: a problem of one line of an imported invoice: "Line 2: Quantity: Enter a number".
                problems += rejection.messages.map { tr("Line {number}: {problem}", ["number": String(index + 1), "problem": $0]) }
            }
        }
        return problems.isEmpty ? .success(lines) : .failure(ImportRejection(problems))
    }

    /// One line of the cell, checked by the rules of the invoice form's line.
    private static func line(_ text: String, using parsing: NumberParsing) -> Result<Invoice.Line, ImportRejection> {
        var parts = text.components(separatedBy: "|")
        guard parts.count >= 4 else {
            // Translators: an imported invoice line that is not "Description | Quantity | Unit price | Tax %".
            return .failure(ImportRejection([tr("Write description | quantity | unit price | tax %")]))
        }
        let numbers = parts.suffix(3).map { $0.trimmingCharacters(in: .whitespaces) }
        parts.removeLast(3)
        let description = unescaped(parts.joined(separator: "|").trimmingCharacters(in: .whitespaces))
        var problems: [String] = []
        if description.isEmpty { problems.append(tr("Description") + ": " + tr("Required")) }
        func number(_ text: String, _ title: String, range: ClosedRange<Decimal>?, message: String) -> Decimal {
            switch Decimal.parse(text, using: parsing) {
            case .success(let value):
                if let range, !range.contains(value) { problems.append(title + ": " + message) }
                return value
            case .failure(let error):
                problems.append(title + ": " + error.message)
                return 0
            }
        }
        let minimum = tr("Enter {minimum} or more", ["minimum": "0"])
        let quantity = number(numbers[0], tr("Quantity"), range: 0...Decimal.greatestFiniteMagnitude, message: minimum)
        let price = number(numbers[1], tr("Unit price"), range: 0...Decimal.greatestFiniteMagnitude, message: minimum)
        var taxText = numbers[2]
        if taxText.hasSuffix("%") { taxText = String(taxText.dropLast()).trimmingCharacters(in: .whitespaces) }
        let tax = number(taxText.isEmpty ? "0" : taxText, tr("Tax %"), range: 0...100,
                         message: tr("Enter a tax rate from 0 to 100 percent"))
        guard problems.isEmpty else { return .failure(ImportRejection(problems)) }
        return .success(Invoice.Line(description: description, quantity: quantity, unitPrice: price, taxRate: tax))
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\r\n", with: "\\n")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\n")
    }

    private static func unescaped(_ text: String) -> String {
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\", let next = iterator.next() else {
                result.append(character)
                continue
            }
            switch next {
            case "n": result.append("\n")
            case "\\": result.append("\\")
            default: result.append(character); result.append(next)
            }
        }
        return result
    }
}
