import Controls
import PinformCore

extension RecordField {
    /// The records list's column for this field, sorted by its stored column.
    var listColumn: RecordColumn<Model> {
        RecordColumn(title: title, sortKey: column.name, text: text)
    }
}

extension RecordModel {
    /// The columns the records list shows (and exports), each sorted by its stored column.
    static var listColumns: [RecordColumn<Self>] { fields.map(\.listColumn) }
}
