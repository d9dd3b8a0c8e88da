import Foundation
import Localization
import Storage

// What the server's rules refuse, in words a desk's person can act on, and the history the
// server keeps of every change (who, when, before, after).
extension PostgresRecordStore {
    /// Why a desk whose role may only read cannot save.
    static func readOnlyRefusal(role: String) -> String {
        // Translators: {role} is the PostgreSQL role this desk connects as; the clerks group is named as in the server's setup.
        tr("this desk’s role “{role}” may read the shared records but not change them; whoever runs the database server can add it to the group pinform_clerks",
           ["role": role])
    }

    /// Why records this role did not add are not deleted.
    static var deletionRefusal: String {
        // Translators: row-level security on the shared database: only the desk that added a record deletes it.
        tr("only the desk that added a record, or the database’s owner, may delete it; nothing was deleted")
    }

    /// Who created the record and who changed it last, as the server set them (PostgreSQL role
    /// names), or nil when the record is gone.
    public func authors(of id: RecordID) throws(StoreError) -> (createdBy: String, updatedBy: String)? {
        guard let row = try connection.execute(
            "SELECT _created_by, _updated_by FROM \(quotedTable) WHERE id = $1::bigint", [id.description]
        ).rows.first else { return nil }
        return (row[0] ?? "", row[1] ?? "")
    }

    /// Every change of one record the server kept, oldest first.
    public func history(of id: RecordID) throws(StoreError) -> [RecordChange] {
        try connection.execute(
            "SELECT operation, changed_by, extract(epoch from changed_at)::float8, before::text, after::text "
                + "FROM _pinform_history WHERE table_name = $1 AND record_id = $2::bigint ORDER BY id",
            [table, id.description]
        ).rows.map { row in
            RecordChange(
                kind: RecordChange.Kind(rawValue: row[0] ?? "") ?? .update, by: row[1] ?? "",
                at: Date(timeIntervalSince1970: row[2].flatMap(Double.init) ?? 0),
                before: row[3].map { Data($0.utf8) }, after: row[4].map { Data($0.utf8) }
            )
        }
    }
}

// Taking in a desk's own records when it joins: with their identities, so that references
// between records (an invoice's customer) still point where they did.
extension PostgresRecordStore {
    /// Adds `records` with their own identities, times and JSON — all, or none when one of the
    /// identities is in use here — and moves the table's identity counter past them, so that
    /// no later record takes one of their numbers.
    ///
    /// - Throws: `.constraint` when the shared table already has a record with one of the
    ///   identities (nothing is added then).
    public func adopt(_ records: [DeletedRecord]) throws(StoreError) {
        guard let highest = records.map(\.id.rawValue).max() else { return }
        // First, so that a failure leaves at most a gap in the numbers, never a number twice.
        try connection.execute(
            "SELECT setval(s.name::regclass, GREATEST($2::bigint, COALESCE((SELECT q.last_value FROM pg_sequences q "
                + "WHERE format('%I.%I', q.schemaname, q.sequencename)::regclass = s.name::regclass), 0), "
                + "(SELECT COALESCE(max(id), 0) FROM \(quotedTable)), 1)) "
                + "FROM (SELECT pg_get_serial_sequence($1, 'id') AS name) s",
            [quotedTable, String(highest)]
        )
        try restore(records)
    }
}
