import Controls
import Foundation
import PinformCore

/// The import preview's rows for its `RecordList`: each row's texts worked out once, so that a
/// search or a sort over 2,000 rows compares stored strings (folded once for searching) and
/// never formats or translates a row again.
@MainActor
final class ImportPreviewSource<Model: RecordModel>: @MainActor RecordListDataSource {
    /// A row with the texts of its columns: line, result, then each field's cell.
    struct Row {
        /// The row of the preview.
        let row: ImportRow<Model>
        /// The text of each column.
        let texts: [String]
    }

    private var rows: [Row] = []
    /// Each row's texts folded and joined, for searching.
    private var folded: [String] = []
    /// The column index of each sort key ("line", "result", "field0", …).
    private let columnOfKey: [String: Int]

    /// A source whose columns are sorted by `sortKeys`, in column order.
    init(sortKeys: [String]) {
        columnOfKey = Dictionary(uniqueKeysWithValues: sortKeys.enumerated().map { ($1, $0) })
    }

    /// Shows `preview`'s rows, replacing any before (identities are new each time).
    func show(_ preview: ImportPreview<Model>) {
        rows = preview.rows.map { row in
            Row(row: row, texts: [String(row.line), ImportPreview<Model>.outcomeText(row)] + row.cells)
        }
        folded = rows.map { ImportText.folded($0.texts.joined(separator: "\u{1F}")) }
        generation += Int64(rows.count + 1)
    }

    /// Added to a row's index to make its identity, so that a new preview's rows are new rows.
    private var generation: Int64 = 0

    private func id(of index: Int) -> ListedRecordID { ListedRecordID(generation + Int64(index)) }

    func recordIDs(sortedBy key: String?, ascending: Bool, search: String) throws -> [ListedRecordID] {
        var indices = Array(rows.indices)
        let query = ImportText.folded(search)
        if !query.isEmpty {
            indices = indices.filter { folded[$0].contains(query) }
        }
        if let key, let column = columnOfKey[key] {
            indices.sort { left, right in
                let order = rows[left].texts[column].compare(rows[right].texts[column], options: [.numeric, .caseInsensitive])
                return order == .orderedSame ? left < right : (order == .orderedAscending) == ascending
            }
        } else if !ascending {
            indices.reverse()
        }
        return indices.map(id(of:))
    }

    func models(for ids: [ListedRecordID]) throws -> [ListedRecordID: Row] {
        var found: [ListedRecordID: Row] = [:]
        for id in ids {
            let index = Int(id.rawValue - generation)
            if rows.indices.contains(index) { found[id] = rows[index] }
        }
        return found
    }
}
