import Forms
import Storage

/// A kind of record the app keeps, as far as it needs no display: its names, its icon, the value
/// a new record starts from, and its fields' storage and list and CSV columns (`fields`).
///
/// A model is one file: it conforms to the executable's `FormModel`, which adds its form, and
/// one line in `ModelRegistry` adds it to the app.
@MainActor
public protocol RecordModel: Codable, Equatable {
    /// The name on the window's switcher, such as "Person".
    static var title: String { get }
    /// The value kept in settings to reopen this model ("person").
    static var settingsKey: String { get }
    /// The symbolic icon of its page on the window's switcher ("avatar-default-symbolic").
    static var iconName: String { get }
    /// The value a form resolves into: what a new record starts from.
    static var blank: Self { get }
    /// The value in one readable line, such as "John Smith, 26, john@example.com, 1.80 m".
    var summary: String { get }
    /// The SQLite table the records are kept in ("person").
    static var table: String { get }
    /// The fields kept beside each record: stored for sorting and searching, listed, exported.
    static var fields: [RecordField<Self>] { get }
    /// The name an export suggests for the CSV file ("people.csv").
    static var exportFileName: String { get }
    /// The version of the table's layout (`RecordStore`'s `version`): raised when a stored
    /// column is removed or changes type, so that the store rebuilds the table. 1 unless told.
    static var layoutVersion: Int { get }
}

extension RecordModel {
    /// The first layout.
    public static var layoutVersion: Int { 1 }

    /// The columns kept beside each record for sorting and searching.
    public static var storeColumns: [Column<Self>] { fields.map(\.column) }
}
