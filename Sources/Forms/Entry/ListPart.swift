/// What a form asks of a list field it holds, whatever the list's item type.
protocol ListPart: AnyObject {
    /// Whether rows were added, removed, moved or edited since the last load or `markClean()`.
    var isDirty: Bool { get }
    /// Whether any row has a field in error now.
    var hasErrors: Bool { get }
    func markClean()
    func removeAllRows()
    func draft() -> [FormDraft.Row]
    /// Throws, changing nothing, when a row's draft does not fit the row template.
    func check(_ rows: [FormDraft.Row]) throws(FormDraft.Mismatch)
    func restore(_ rows: [FormDraft.Row])
}
