import Storage

/// The schema Pinform keeps in a shared database beside the models' tables, created and
/// migrated by Pinform, in one transaction under an advisory lock so that two desks starting
/// together do not both migrate:
///
/// - `_pinform_schema` holds the schema's version; a database whose version is higher than
///   `supported` was set up by a newer Pinform and is refused, changing nothing.
/// - `_pinform_tables` holds each model table's layout version, search folding and change
///   stamp (raised by every statement that changes the table, transactionally, so that a desk
///   knows when what it holds in memory is stale).
/// - Triggers set each row's `_version` and `_updated` on the server, and send each change's
///   table, identity and version — never record data — on the `pinform_changes` channel.
/// - `_pinform_operations` holds the identity of every save sent, so that one sent again after
///   a dropped `COMMIT` changes nothing (`PostgresRecordStore.once(_:_:)`).
/// - A record's identity, version, times and the table's stamp are the server's; its typed
///   columns and search text change only with its JSON (`guardsMigration`).
public enum PostgresSchema {
    /// The schema version this Pinform writes and understands.
    public static let supported = 4
    /// The channel the change notifications are sent on.
    public static let channel = "pinform_changes"
    /// The advisory lock every schema change holds (any number unique to Pinform).
    static let lockKey = "7308151442"

    /// The migrations in order: the schema's version counts those applied. Never change,
    /// reorder or remove one that has shipped.
    static let migrations: [[String]] = [
        [
            "CREATE TABLE _pinform_tables (name text PRIMARY KEY, layout integer NOT NULL, "
                + "search_fold integer NOT NULL, stamp bigint NOT NULL DEFAULT 0)",
            """
            CREATE FUNCTION _pinform_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    PERFORM pg_notify('\(channel)', json_build_object('table', TG_TABLE_NAME, 'id', OLD.id, 'deleted', true)::text);
                ELSE
                    PERFORM pg_notify('\(channel)', json_build_object('table', TG_TABLE_NAME, 'id', NEW.id, 'version', NEW._version)::text);
                END IF;
                RETURN NULL;
            END $$
            """,
            """
            CREATE FUNCTION _pinform_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE _pinform_tables SET stamp = stamp + 1 WHERE name = TG_TABLE_NAME;
                RETURN NULL;
            END $$
            """,
            """
            CREATE FUNCTION _pinform_row_versioned() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                NEW._created := OLD._created;
                IF NEW._json = OLD._json THEN
                    -- Only derived columns computed again (a migration): the record is as it was.
                    NEW._version := OLD._version;
                    NEW._updated := OLD._updated;
                ELSE
                    NEW._version := OLD._version + 1;
                    NEW._updated := now();
                END IF;
                RETURN NEW;
            END $$
            """,
        ],
        rightsMigration,
        operationsMigration,
        guardsMigration,
    ]

    /// Creates the schema or brings it up to `supported`.
    ///
    /// - Throws: `.sharedSchemaNewer` when a newer Pinform set the database up (nothing is
    ///   changed then); `.serverRefused` when the role may not create what is missing.
    public static func prepare(_ connection: PostgresConnection) throws(StoreError) {
        // Read first without the lock: a database already up to date needs no write rights.
        if let version = try storedVersion(connection) {
            guard version <= supported else { throw StoreError.sharedSchemaNewer(found: version, supported: supported) }
            if version == supported { return }
        }
        // Under the lock another desk may be migrating: waited for as bulk work.
        try connection.withDeadline(PostgresConnection.bulkDeadline) { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) in
                try connection.execute("SELECT pg_advisory_xact_lock($1::bigint)", [lockKey])
                try connection.execute("CREATE TABLE IF NOT EXISTS _pinform_schema (version integer NOT NULL)")
                let version = try storedVersion(connection) ?? 0
                guard version <= supported else { throw StoreError.sharedSchemaNewer(found: version, supported: supported) }
                guard version < supported else { return }
                for migration in migrations[version...] {
                    for statement in migration {
                        try connection.execute(statement)
                    }
                }
                try connection.execute("DELETE FROM _pinform_schema")
                try connection.execute("INSERT INTO _pinform_schema (version) VALUES ($1::integer)", [String(supported)])
            }
        }
    }

    /// The stored schema version, or nil before the first desk set the database up.
    static func storedVersion(_ connection: PostgresConnection) throws(StoreError) -> Int? {
        guard try connection.execute("SELECT to_regclass('_pinform_schema') IS NOT NULL").scalar == "t" else { return nil }
        return try connection.execute("SELECT max(version) FROM _pinform_schema").scalar.flatMap { Int($0) }
    }
}
