import Foundation

/// Records kept in memory, listed by a `RecordList`: for examples, prototypes and tests. Rows
/// sort by the text of the column whose `sortKey` was clicked (numbers in numeric order) and
/// are searched in every column's text.
///
/// ```swift
/// let invoices = InMemoryRecords<Invoice>(columns: columns)
/// let list = RecordList(source: invoices, columns: columns)
/// let id = invoices.insert(invoice); list.reload()
/// ```
public final class InMemoryRecords<Model>: RecordListDataSource {
    /// The records by identity.
    public private(set) var models: [ListedRecordID: Model] = [:]
    private var order: [ListedRecordID] = []
    private var nextID: Int64 = 1
    private let columns: [RecordColumn<Model>]

    /// An empty store whose rows sort and search by `columns`.
    public init(columns: [RecordColumn<Model>]) {
        self.columns = columns
    }

    /// Adds `model` and returns its identity.
    @discardableResult
    public func insert(_ model: Model) -> ListedRecordID {
        let id = ListedRecordID(nextID)
        nextID += 1
        models[id] = model
        order.append(id)
        return id
    }

    /// Replaces the record `id`.
    public func update(_ model: Model, id: ListedRecordID) {
        guard models[id] != nil else { return }
        models[id] = model
    }

    /// Removes the records `ids`.
    public func delete(_ ids: [ListedRecordID]) {
        for id in ids { models[id] = nil }
        order.removeAll { models[$0] == nil }
    }

    public func recordIDs(sortedBy key: String?, ascending: Bool, search: String) throws -> [ListedRecordID] {
        var ids = order
        if !search.isEmpty {
            ids = ids.filter { id in
                columns.contains { $0.text(models[id]!).localizedCaseInsensitiveContains(search) }
            }
        }
        if let key, let column = columns.first(where: { $0.sortKey == key }) {
            ids.sort { left, right in
                let order = column.text(models[left]!).compare(column.text(models[right]!), options: [.numeric, .caseInsensitive])
                return order == .orderedSame ? left < right : (order == .orderedAscending) == ascending
            }
        } else if !ascending {
            ids.reverse()
        }
        return ids
    }

    public func models(for ids: [ListedRecordID]) throws -> [ListedRecordID: Model] {
        var found: [ListedRecordID: Model] = [:]
        for id in ids { found[id] = models[id] }
        return found
    }
}
