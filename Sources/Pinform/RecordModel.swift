import Controls
import Forms
import Storage

/// A form model whose saved values are kept as records: one file declares it all — its form
/// (`makeForm`), and its fields' storage, list columns and CSV columns (`fields`) — and one line
/// in `ModelRegistry` adds it to the app.
@MainActor
protocol RecordModel: FormModel {
    /// The SQLite table the records are kept in ("person").
    static var table: String { get }
    /// The fields kept beside each record: stored for sorting and searching, listed, exported.
    static var fields: [RecordField<Self>] { get }
    /// The name an export suggests for the CSV file ("people.csv").
    static var exportFileName: String { get }
}

extension RecordModel {
    /// The columns kept beside each record for sorting and searching.
    static var storeColumns: [Column<Self>] { fields.map(\.column) }
    /// The columns the records list shows (and exports), each sorted by its stored column.
    static var listColumns: [RecordColumn<Self>] { fields.map(\.listColumn) }
}

/// Every model the form window offers, in the order of its switcher.
@MainActor
enum ModelRegistry {
    static let models: [any RecordModel.Type] = [Person.self, Size.self, Invoice.self]

    /// The model saved under `key` in settings; the first one when there is none.
    static func model(forSettingsKey key: String) -> any RecordModel.Type {
        models.first { $0.settingsKey == key } ?? models[0]
    }
}
