/// What the app and the libraries ask of the records of one model, whichever engine keeps
/// them: the local, encrypted SQLCipher file (`RecordStore`) or a shared PostgreSQL database
/// (`PostgresRecordStore`, in the `PostgresStore` module).
///
/// Every write is all or nothing; identities are never reused; a search matches a record when
/// every word of it occurs in one of its text columns, folded as `SearchText.fold` folds them.
///
/// ```swift
/// func rename(_ id: RecordID, to name: String, in people: any RecordStoring<Person>) throws(StoreError) {
///     guard var person = try people.record(id: id)?.model else { return }
///     person.lastName = name
///     try people.update(person, id: id)
/// }
/// ```
public protocol RecordStoring<Model>: AnyObject {
    /// The stored model.
    associatedtype Model: Codable

    /// The table's name.
    var table: String { get }
    /// The declared columns, in order.
    var columns: [Column<Model>] { get }
    /// Whether nothing can be saved: the table is a newer program's or the connection is
    /// read-only. Saving then fails with `.readOnly`.
    var isReadOnly: Bool { get }

    /// Saves a new record and returns its identity.
    @discardableResult
    func insert(_ model: Model) throws(StoreError) -> RecordID
    /// Saves several new records together, all or none, and returns their identities in order.
    @discardableResult
    func insert(contentsOf models: some Sequence<Model>) throws(StoreError) -> [RecordID]
    /// Replaces a record's model; fields of the stored JSON the model does not know are kept.
    /// Throws `.notFound` when there is no such record.
    func update(_ model: Model, id: RecordID) throws(StoreError)
    /// Saves an edit of `base`: fields another desk changed since `base` was read are kept
    /// unless this edit changed them too; those are resolved as `resolution` says (by default
    /// nothing is saved and `.conflict` lists both values). Throws `.notFound` when the record
    /// was deleted meanwhile.
    func update(_ model: Model, basedOn base: Record<Model>, resolving resolution: ConflictResolution) throws(StoreError)
    /// Deletes a record and returns whether there was one.
    @discardableResult
    func delete(id: RecordID) throws(StoreError) -> Bool
    /// Deletes several records together and returns how many existed.
    @discardableResult
    func delete(ids: some Sequence<RecordID>) throws(StoreError) -> Int
    /// Deletes several records together and hands them back as stored, for `restore(_:)`.
    func deleteRecords(ids: some Sequence<RecordID>) throws(StoreError) -> [DeletedRecord]
    /// Puts deleted records back with the same identities, all or none.
    func restore(_ records: some Sequence<DeletedRecord>) throws(StoreError)

    /// The record with this identity, or `nil`.
    func record(id: RecordID) throws(StoreError) -> Record<Model>?
    /// The records with these identities, in the same order, leaving out those that are gone.
    func records(ids: some Sequence<RecordID>) throws(StoreError) -> [Record<Model>]
    /// How many records match a search, or how many there are for `nil`.
    func count(matching search: String?) throws(StoreError) -> Int
    /// Records in order, optionally only those matching a search, optionally one page.
    func list(
        sortedBy key: RecordSortKey, ascending: Bool, search: String?, limit: Int?, offset: Int
    ) throws(StoreError) -> [Record<Model>]
    /// The identities of the records `list` would return, without reading the records.
    func ids(sortedBy key: RecordSortKey, ascending: Bool, search: String?) throws(StoreError) -> [RecordID]
    /// Reads what searching needs into memory now rather than at the first search.
    func prepareSearch() throws(StoreError)
}

extension RecordStore: RecordStoring {
    /// Whether nothing can be saved here: a newer version's table, a read-only file, or a
    /// table that does not exist on a read-only connection.
    public var isReadOnly: Bool { isFromNewerVersion || isMissing || database.isReadOnly }
}

extension RecordStoring {
    /// One desk alone writes the local file: an edit replaces the record.
    public func update(_ model: Model, basedOn base: Record<Model>, resolving resolution: ConflictResolution) throws(StoreError) {
        try update(model, id: base.id)
    }

    /// Every record, oldest first.
    public func list() throws(StoreError) -> [Record<Model>] {
        try list(sortedBy: .id, ascending: true, search: nil, limit: nil, offset: 0)
    }

    /// How many records there are.
    public func count() throws(StoreError) -> Int {
        try count(matching: nil)
    }
}
