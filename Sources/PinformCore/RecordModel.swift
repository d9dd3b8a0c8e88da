import Forms
import Localization
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
    /// What makes two records the same one when records are imported, such as a person's
    /// email address folded to lower case; nil when the record duplicates none. By default
    /// every field's text, folded: a record is a duplicate when it is the same in every field.
    var duplicateKey: String? { get }
    /// The record on paper. By default the model's name and the record's summary as the
    /// title, then every field with its value; an invoice adds its lines and totals.
    var printout: PrintedDocument { get }
    /// The version of the table's layout (`RecordStore`'s `version`): raised when a stored
    /// column is removed or changes type, so that the store rebuilds the table. 1 unless told.
    static var layoutVersion: Int { get }
}

extension RecordModel {
    /// The first layout.
    public static var layoutVersion: Int { 1 }

    /// The model's name and the summary, then every field and its text.
    public var printout: PrintedDocument {
        PrintedDocument(title: Self.title, subtitle: summary,
                        blocks: [.fields(Self.fields.map { PrintedDocument.Pair($0.title, $0.text(self)) })])
    }

    /// The list as it is shown — `rows` of the fields' texts, searched and sorted — as a table.
    /// - Parameter search: the search the list shows, said under the title; empty for none.
    public static func printout(ofList rows: [[String]], search: String) -> PrintedDocument {
        let fields = Self.fields
        let numeric = Set(fields.indices.filter { fields[$0].column.type != .text })
        let subtitle = search.isEmpty
            ? trn("%d record", "%d records", rows.count)
            // Translators: under a printed list's title: "3 records matching “smith”".
            : trn("%d record matching “{search}”", "%d records matching “{search}”", rows.count, ["search": search])
        return PrintedDocument(title: Self.title, subtitle: subtitle,
                               blocks: [.table(PrintedTable(headers: fields.map(\.title), rows: rows, numericColumns: numeric))])
    }

    /// The columns kept beside each record for sorting and searching.
    public static var storeColumns: [Column<Self>] { fields.map(\.column) }

    /// Every field's text, folded (case, accents, surrounding spaces), joined.
    public var duplicateKey: String? {
        Self.fields.map { ImportText.folded($0.text(self)) }.joined(separator: "\u{1F}")
    }
}
