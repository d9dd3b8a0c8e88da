/// A column of a `RecordList`: its title, the text of each cell, and the key the data source
/// sorts by when the header is clicked.
///
/// ```swift
/// let columns: [RecordColumn<Person>] = [
///     RecordColumn("First name", \.firstName, sortKey: "first_name"),
///     RecordColumn(title: "Email", sortKey: "email") { $0.email.description },
/// ]
/// ```
public struct RecordColumn<Model> {
    /// The header's text, also the CSV header when exporting.
    public let title: String
    /// What the data source sorts by for this column; nil makes the column not sortable.
    public let sortKey: String?
    /// The text of a model's cell as the export writes it.
    public let text: (Model) -> String
    /// The text the list shows (and names the cell by): `text` unless the export's form is
    /// not for reading (an invoice's lines: "2 lines: Consulting, Hosting").
    public let shown: (Model) -> String

    /// A column whose cells `text` computes, shown as `shown` computes (the same by default).
    public init(title: String, sortKey: String? = nil, text: @escaping (Model) -> String,
                shown: ((Model) -> String)? = nil) {
        self.title = title
        self.sortKey = sortKey
        self.text = text
        self.shown = shown ?? text
    }

    /// A column showing a property as its `description`.
    public init<Value: CustomStringConvertible>(_ title: String, _ keyPath: KeyPath<Model, Value>, sortKey: String? = nil) {
        self.init(title: title, sortKey: sortKey) { $0[keyPath: keyPath].description }
    }

    /// A column showing an optional property, empty when it is absent.
    public init<Value: CustomStringConvertible>(_ title: String, _ keyPath: KeyPath<Model, Value?>, sortKey: String? = nil) {
        self.init(title: title, sortKey: sortKey) { $0[keyPath: keyPath]?.description ?? "" }
    }
}
