/// What two desks changed differently in one record since the version both started from: each
/// field that both changed, with the value this desk typed and the one saved meanwhile (as JSON
/// text, `null` for none). Fields only one side changed were merged and are not listed.
public struct RecordConflict: Error, Equatable, Sendable {
    /// One field both desks changed, to different values.
    public struct Field: Equatable, Sendable {
        /// The model's property (its JSON key).
        public let name: String
        /// The value this desk saved, as JSON.
        public let mine: String
        /// The value another desk saved meanwhile, as JSON.
        public let theirs: String

        /// A field from its name and both values.
        public init(name: String, mine: String, theirs: String) {
            self.name = name
            self.mine = mine
            self.theirs = theirs
        }
    }

    /// The record.
    public let id: RecordID
    /// The record's version now, which the other desk's save made.
    public let version: Int64
    /// The fields both sides changed, by name.
    public let fields: [Field]

    /// A conflict from its parts.
    public init(id: RecordID, version: Int64, fields: [Field]) {
        self.id = id
        self.version = version
        self.fields = fields
    }
}
