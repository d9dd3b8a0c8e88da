import Controls
import PinformCore

extension RecordField {
    /// The records list's column for this field, sorted by its stored column.
    public var listColumn: RecordColumn<Model> {
        RecordColumn(title: title, sortKey: column.name, text: text)
    }
}

extension RecordModel {
    /// The columns of the stored fields (and the export's), each sorted by its stored column.
    public static var listColumns: [RecordColumn<Self>] { fields.map(\.listColumn) }
}
