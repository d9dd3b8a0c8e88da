import Foundation
import Localization
import Storage

/// The forms defined in the app, kept in a shared PostgreSQL database — the shared desks'
/// counterpart of `FormDefinitionStore` — in the table `_pinform_form` (identity, version, the
/// document as jsonb, and who changed it last, set by the server from `current_user`).
///
/// The rules are the local store's: a change of a definition and the migration of its records
/// are one statement on the server, so a session killed in the middle leaves the old definition
/// with the old records, or the new with the new; a save is checked against the version it was
/// based on (another desk's change meanwhile is refused, `changedElsewhere`); a stored document
/// in a newer format than this Pinform writes is never overwritten. Only the database's owner
/// changes definitions (it alone may create and alter the records' tables, as the setup SQL
/// decides); the groups read them.
///
/// ```swift
/// let forms = PostgresFormDefinitionStore(connection: connection)
/// try forms.save(StoredFormDefinition(id: "member", version: 2, document: json),
///                records: "form_member", formatVersion: 1) { old in try plan.apply(old) }
/// ```
public final class PostgresFormDefinitionStore {
    /// The session the definitions are read and written on.
    public let connection: PostgresConnection
    /// The table's name.
    public static let table = "_pinform_form"

    /// The definitions of the database `connection` is open on; the table is made by the
    /// first `prepare()` of the owner.
    public init(connection: PostgresConnection) {
        self.connection = connection
    }

    /// Whether the table exists.
    public var exists: Bool {
        get throws(StoreError) {
            try connection.execute("SELECT to_regclass($1) IS NOT NULL", [Self.table]).scalar == "t"
        }
    }

    /// Whether this role may change definitions: it owns the table (or, before it exists, may
    /// create tables).
    public var mayChange: Bool {
        get throws(StoreError) {
            try connection.execute(
                "SELECT CASE WHEN to_regclass($1) IS NULL THEN has_schema_privilege('public', 'CREATE') "
                    + "ELSE pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = to_regclass($1)), 'USAGE') END",
                [Self.table]).scalar == "t"
        }
    }

    /// Creates the table, its trigger and the groups' grants unless it exists; a role that may
    /// not create it is left without it (nothing to read yet).
    public func prepare() throws(StoreError) {
        guard try !exists, try mayChange else { return }
        try connection.transaction { () throws(StoreError) in
            try connection.execute("SELECT pg_advisory_xact_lock($1::bigint)", [PostgresSchema.lockKey])
            guard try !exists else { return }
            for statement in Self.schema { try connection.execute(statement) }
        }
    }

    /// The table, its trigger (the server stamps who and when, and tells the other desks the
    /// identity and version) and `_pinform_secure_forms()`, which grants the groups reading.
    static let schema: [String] = [
        """
        CREATE TABLE \(table) (id text PRIMARY KEY, version integer NOT NULL CHECK (version >= 1),
            document jsonb NOT NULL, created timestamp with time zone NOT NULL DEFAULT now(),
            updated timestamp with time zone NOT NULL DEFAULT now(), updated_by text NOT NULL DEFAULT current_user)
        """,
        """
        CREATE FUNCTION _pinform_form_stamped() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            NEW.updated_by := current_user;
            NEW.updated := now();
            IF TG_OP = 'UPDATE' THEN NEW.created := OLD.created; END IF;
            RETURN NEW;
        END $$
        """,
        "CREATE TRIGGER _pinform_form_stamped BEFORE INSERT OR UPDATE ON \(table) FOR EACH ROW EXECUTE FUNCTION _pinform_form_stamped()",
        """
        CREATE FUNCTION _pinform_form_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'DELETE' THEN
                PERFORM pg_notify('\(PostgresSchema.channel)', json_build_object('table', TG_TABLE_NAME, 'form', OLD.id, 'deleted', true)::text);
            ELSE
                PERFORM pg_notify('\(PostgresSchema.channel)', json_build_object('table', TG_TABLE_NAME, 'form', NEW.id, 'version', NEW.version)::text);
            END IF;
            RETURN NULL;
        END $$
        """,
        "CREATE TRIGGER _pinform_form_changed AFTER INSERT OR UPDATE OR DELETE ON \(table) FOR EACH ROW EXECUTE FUNCTION _pinform_form_changed()",
        """
        CREATE FUNCTION _pinform_secure_forms() RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            IF EXISTS (SELECT FROM pg_roles WHERE rolname = '\(PostgresSchema.readers)') THEN
                GRANT SELECT ON \(table) TO \(PostgresSchema.readers);
            END IF;
            IF EXISTS (SELECT FROM pg_roles WHERE rolname = '\(PostgresSchema.clerks)') THEN
                GRANT SELECT ON \(table) TO \(PostgresSchema.clerks);
            END IF;
        END $$
        """,
        "SELECT _pinform_secure_forms()",
    ]

    /// Every definition, in the order they were first saved; none before the table exists.
    public func all() throws(StoreError) -> [StoredFormDefinition] {
        guard try exists else { return [] }
        return try connection.execute("SELECT id, version, document::text FROM \(Self.table) ORDER BY created, id").rows
            .compactMap { row in
                guard row.count == 3, let id = row[0], let version = row[1].flatMap(Int.init), let text = row[2] else { return nil }
                return StoredFormDefinition(id: id, version: version, document: Data(text.utf8))
            }
    }

    /// Saves `definition` — new, or replacing the one with its identity — and rewrites every
    /// record of the table `records` with `migrate`, in one statement on the server.
    ///
    /// - Parameters:
    ///   - definition: its `version` must be one more than the stored one's (1 for a new one).
    ///   - records: the form's table; nothing is rewritten when it does not exist yet.
    ///   - formatVersion: the newest document format this Pinform reads; a stored document in
    ///     a newer one is not replaced.
    ///   - migrate: the records' migration (old JSON in, new JSON out); nil when none is needed.
    /// - Returns: how many records were rewritten.
    /// - Throws: `.serverRefused` with `changedElsewhere`, `ownerOnly` or `newerFormat`; what
    ///   `migrate` throws as `.decodingFailed`; `.serverUnavailable` when the session was lost —
    ///   nothing is changed then.
    @discardableResult
    public func save(_ definition: StoredFormDefinition, records: String, formatVersion: Int,
                     migrate: ((Data) throws -> Data)? = nil) throws(StoreError) -> Int {
        if let problem = StoreError.layoutProblem(table: records, columnNames: [], longestTable: PostgresConnection.longestTable) {
            throw problem
        }
        guard try mayChange else { throw StoreError.serverRefused(reason: Self.ownerOnly) }
        try prepare()
        // Bulk work: every record of the form is migrated, after waiting for the table's lock.
        return try connection.withDeadline(PostgresConnection.bulkDeadline) { () throws(StoreError) -> Int in
            try saveMigrating(definition, records: records, formatVersion: formatVersion, migrate)
        }
    }

    private func saveMigrating(_ definition: StoredFormDefinition, records: String, formatVersion: Int,
                         _ migrate: ((Data) throws -> Data)?) throws(StoreError) -> Int {
        let quoted = SQLIdentifier.quoted(records)
        return try connection.transaction { () throws(StoreError) -> Int in
            // The session's process: a session the server dropped and libpq opened again runs
            // the last statement outside this transaction, so that statement checks it.
            let process = String(connection.serverProcess)
            let stored = try connection.execute(
                "SELECT version, document->>'formatVersion' FROM \(Self.table) WHERE id = $1 FOR UPDATE", [definition.id]
            ).rows.first
            let storedVersion = stored?[0].flatMap(Int.init) ?? 0
            guard definition.version == storedVersion + 1 else { throw StoreError.serverRefused(reason: Self.changedElsewhere) }
            if let format = stored?[1].flatMap(Int.init), format > formatVersion {
                throw StoreError.serverRefused(reason: Self.newerFormat)
            }
            let hasRecords = try connection.execute("SELECT to_regclass($1) IS NOT NULL", [quoted]).scalar == "t"
            var ids: [String] = []
            var documents: [String] = []
            if hasRecords, let migrate {
                // No desk adds or changes a record while they are migrated; reading goes on.
                try connection.execute("LOCK TABLE \(quoted) IN EXCLUSIVE MODE")
                for row in try connection.execute("SELECT id, _json::text FROM \(quoted) ORDER BY id").rows {
                    guard let id = row[0], let text = row[1] else { continue }
                    let old = Data(text.utf8)
                    let new: Data
                    do {
                        new = try migrate(old)
                    } catch {
                        throw StoreError.decodingFailed(id: RecordID(Int64(id) ?? 0), reason: String(describing: error))
                    }
                    guard new != old else { continue }
                    ids.append(id)
                    documents.append(String(decoding: new, as: UTF8.self))
                }
            }
            let migration = hasRecords
                ? ", migrated AS (UPDATE \(quoted) AS record SET _json = new.json::jsonb "
                    + "FROM unnest($5::bigint[], $6::text[]) AS new(id, json) "
                    + "WHERE record.id = new.id AND EXISTS (SELECT FROM definition) RETURNING 1) "
                    + "SELECT (SELECT count(*) FROM definition), (SELECT count(*) FROM migrated)"
                : " SELECT (SELECT count(*) FROM definition), 0 WHERE $5::text IS NULL AND $6::text IS NULL"
            let written = try connection.execute(
                """
                WITH definition AS (
                    INSERT INTO \(Self.table) AS stored (id, version, document)
                    SELECT $1, $2::integer, $3::jsonb WHERE pg_backend_pid() = $4::integer
                    ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, document = EXCLUDED.document
                    WHERE stored.version = EXCLUDED.version - 1
                    RETURNING 1
                )
                """ + migration,
                [definition.id, String(definition.version), String(decoding: definition.document, as: UTF8.self), process,
                 hasRecords ? "{" + ids.joined(separator: ",") + "}" : nil,
                 hasRecords ? Self.textArray(documents) : nil]
            ).rows.first
            guard written?[0] == "1" else {
                if String(connection.serverProcess) != process {
                    throw StoreError.serverUnavailable(reason: Self.lostWhileSaving)
                }
                throw StoreError.serverRefused(reason: Self.changedElsewhere)
            }
            return written?[1].flatMap(Int.init) ?? 0
        }
    }

    /// Removes the definition with this identity; its records' table is left as it is.
    public func delete(id: String) throws(StoreError) {
        guard try exists else { return }
        guard try mayChange else { throw StoreError.serverRefused(reason: Self.ownerOnly) }
        try connection.execute("DELETE FROM \(Self.table) WHERE id = $1", [id])
    }

    /// A PostgreSQL array literal of `texts`, each quoted.
    static func textArray(_ texts: [String]) -> String {
        "{" + texts.map { text in
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }.joined(separator: ",") + "}"
    }
}
