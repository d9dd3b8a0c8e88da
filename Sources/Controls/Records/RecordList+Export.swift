/// Export: the rows as shown, as text, a page at a time.
extension RecordList {
    /// The column titles, for a CSV header.
    public var columnTitles: [String] { columns.map(\.title) }

    /// The text of every row, in the order shown, fetched a page at a time: what an export
    /// of the current list writes.
    public func currentRows() throws -> [[String]] {
        var result: [[String]] = []
        result.reserveCapacity(rowIDs.count)
        var start = 0
        while start < rowIDs.count {
            let page = Array(rowIDs[start..<min(start + 1000, rowIDs.count)])
            let models = try source.models(for: page)
            for id in page {
                if let model = models[id] { result.append(columns.map { $0.text(model) }) }
            }
            start += page.count
        }
        return result
    }
}
