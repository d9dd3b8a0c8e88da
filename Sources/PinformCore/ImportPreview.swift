import Localization
import Storage

/// What importing a CSV file would do, row by row, before anything is written: which rows
/// become records, which are invalid and why (the model's form's own rules), which duplicate a
/// saved record or an earlier row (by the model's `duplicateKey`).
///
/// ```swift
/// let table = try CSVReader().table(contentsOf: url)
/// let mapping = ImportMapping.guess(headers: table.header, fieldNames: names)
/// let preview = ImportPreview<Person>(table: table, mapping: mapping, existingKeys: keys) { cells in
///     reader.resolve(cells)
/// }
/// try store.insert(contentsOf: preview.createdRecords)   // one transaction
/// ```
@MainActor
public struct ImportPreview<Model: RecordModel> {
    /// Every record of the file after the header, in the file's order.
    public let rows: [ImportRow<Model>]

    /// Reads every row of `table` through `mapping` and `resolve`.
    ///
    /// A cell is taken as the export wrote it before protecting formulas (its apostrophe taken
    /// back, `CSVReader.unneutralized`); a cell that would run as a formula in a spreadsheet
    /// (`=SUM(A1)`, not `-5`) makes its row invalid, since the file did not come from an
    /// export that protected it.
    /// - Parameters:
    ///   - existingKeys: the `duplicateKey`s of the saved records.
    ///   - resolve: the record a row's cells (by field index) make, or the messages that say
    ///     what is wrong with them.
    public init(table: CSVReader.Table, mapping: ImportMapping, existingKeys: Set<String>,
                resolve: ([Int: String]) -> Result<Model, ImportRejection>) {
        let fields = Model.fields
        var keys = existingKeys
        var keyLines: [String: Int] = [:]
        var rows: [ImportRow<Model>] = []
        rows.reserveCapacity(table.rows.count)
        for row in table.rows {
            var cells = Array(repeating: "", count: fields.count)
            var given: [Int: String] = [:]
            var formulas: [String] = []
            for (column, raw) in row.fields.enumerated() {
                guard let field = mapping.field(forColumn: column), field < fields.count else { continue }
                if ImportText.isFormula(raw) {
                    // Translators: an imported row's problem; {field} is a column such as Email.
                    formulas.append(tr("{field}: starts like a spreadsheet formula (=, +, -, @); it is not imported",
                                       ["field": fields[field].title]))
                }
                let cell = CSVReader.unneutralized(raw)
                cells[field] = cell
                given[field] = cell
            }
            let outcome: ImportRow<Model>.Outcome
            switch resolve(given) {
            case .failure(let rejection):
                outcome = .invalid(formulas + rejection.messages)
            case .success where !formulas.isEmpty:
                outcome = .invalid(formulas)
            case .success(let model):
                if let key = model.duplicateKey, keys.contains(key) {
                    outcome = .duplicate(model, line: keyLines[key])
                } else {
                    if let key = model.duplicateKey {
                        keys.insert(key)
                        keyLines[key] = row.line
                    }
                    outcome = .create(model)
                }
            }
            rows.append(ImportRow(line: row.line, cells: cells, outcome: outcome))
        }
        self.rows = rows
    }

    /// The records the import creates, in the file's order.
    public var createdRecords: [Model] { rows.compactMap(\.created) }

    /// How many rows become records.
    public var createdCount: Int { rows.count { $0.created != nil } }

    /// How many rows are left out as invalid.
    public var invalidCount: Int { rows.count(where: \.isInvalid) }

    /// How many rows are left out as duplicates.
    public var duplicateCount: Int { rows.count(where: \.isDuplicate) }

    /// The preview in one sentence: "1,992 new records, 3 invalid rows, 5 duplicates".
    public var summary: String {
        let created = trn("%d new record", "%d new records", createdCount)
        var parts = [created]
        if invalidCount > 0 { parts.append(trn("%d invalid row left out", "%d invalid rows left out", invalidCount)) }
        if duplicateCount > 0 { parts.append(trn("%d duplicate left out", "%d duplicates left out", duplicateCount)) }
        // Translators: joins the parts of the import preview's summary: "12 new records, 3 invalid rows left out".
        return parts.joined(separator: tr(", "))
    }

    /// What the import does with `row`, in words: "New", "Duplicate of line 4", the problems.
    public static func outcomeText(_ row: ImportRow<Model>) -> String {
        switch row.outcome {
        case .create:
            // Translators: the import preview's word for a row that becomes a new record.
            return tr("New")
        case .invalid(let messages):
            return messages.joined(separator: "; ")
        case .duplicate(_, let line?):
            return tr("Duplicate of line {line}", ["line": String(line)])
        case .duplicate(_, nil):
            return tr("Already saved")
        }
    }
}
