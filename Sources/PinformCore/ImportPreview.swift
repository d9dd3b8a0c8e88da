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
    /// The rows read so far, in the file's order: every record of the file after the header
    /// once `isComplete`.
    public private(set) var rows: [ImportRow<Model>] = []
    private let table: CSVReader.Table
    private let mapping: ImportMapping
    private let fields = Model.fields
    private var keys: Set<String>
    private var keyLines: [String: Int] = [:]

    /// A preview of `table` through `mapping` that has read no row yet (see `read(count:resolve:)`).
    /// - Parameter existingKeys: the `duplicateKey`s of the saved records.
    public init(table: CSVReader.Table, mapping: ImportMapping, existingKeys: Set<String>) {
        self.table = table
        self.mapping = mapping
        keys = existingKeys
        rows.reserveCapacity(table.rows.count)
    }

    /// Reads every row of `table` through `mapping` and `resolve`.
    ///
    /// A cell is taken as the export wrote it before protecting formulas (its apostrophe taken
    /// back, `CSVReader.unneutralized`); a cell that would run as a formula in a spreadsheet
    /// (`=SUM(A1)`, not `-5`) makes its row invalid, since the file did not come from an
    /// export that protected it.
    /// - Parameters:
    ///   - existingKeys: the `duplicateKey`s of the saved records.
    ///   - resolve: the record a row's cells (by field index) make, or what is wrong with them.
    public init(table: CSVReader.Table, mapping: ImportMapping, existingKeys: Set<String>,
                resolve: ([Int: String]) -> Result<Model, ImportRejection>) {
        self.init(table: table, mapping: mapping, existingKeys: existingKeys)
        read(count: table.rows.count, resolve: resolve)
    }

    /// Whether every row of the file is read.
    public var isComplete: Bool { rows.count == table.rows.count }

    /// How many rows the file has after its header.
    public var totalCount: Int { table.rows.count }

    /// Reads up to `count` more rows (a window reads a large file a slice at a time, so that
    /// it never stops responding).
    public mutating func read(count: Int, resolve: ([Int: String]) -> Result<Model, ImportRejection>) {
        let end = min(rows.count + max(count, 0), table.rows.count)
        for row in table.rows[rows.count..<end] {
            rows.append(self.row(row, resolve: resolve))
        }
    }

    private mutating func row(_ row: CSVReader.Row, resolve: ([Int: String]) -> Result<Model, ImportRejection>) -> ImportRow<Model> {
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
        return ImportRow(line: row.line, cells: cells, outcome: outcome)
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
