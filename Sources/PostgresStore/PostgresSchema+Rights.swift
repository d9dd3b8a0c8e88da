// Who may do what, decided by the server: the second migration. Each model table gets
// `_created_by` and `_updated_by`, set by a trigger from `current_user` (whatever the client
// tries to send is refused), row-level security (everyone the table is granted to reads every
// row; a row is added only as oneself; only the role that created a row deletes it, or the
// table's owner), and a history trigger that writes every change, before and after, into
// `_pinform_history` as the table's owner — no desk role may write that table itself.
//
// The groups `pinform_readers` and `pinform_clerks` are made by the administrator's setup SQL
// (`PostgresSchema.setupSQL`); `_pinform_secure` grants them a table whenever they exist. What
// this migration left open — a history redirected by a temporary table, columns and identities a
// clerk could write past the history, the stamp a clerk could reset — the fourth closes
// (`guardsMigration`).
extension PostgresSchema {
    /// The group whose members read the records and change nothing.
    public static let readers = "pinform_readers"
    /// The group whose members add records, change any and delete those they added.
    public static let clerks = "pinform_clerks"

    static let rightsMigration: [String] = [
        """
        CREATE TABLE _pinform_history (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            table_name text NOT NULL,
            record_id bigint NOT NULL,
            operation text NOT NULL CHECK (operation IN ('insert', 'update', 'delete')),
            changed_by text NOT NULL,
            changed_at timestamp with time zone NOT NULL DEFAULT now(),
            before jsonb,
            after jsonb
        )
        """,
        "CREATE INDEX _pinform_history_by_record ON _pinform_history (table_name, record_id, id)",
        """
        CREATE FUNCTION _pinform_row_owned() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                IF NEW._created_by <> current_user OR NEW._updated_by <> current_user THEN
                    RAISE insufficient_privilege USING MESSAGE = 'who created or changed a record is set by the server';
                END IF;
                NEW._created_by := current_user;
                NEW._updated_by := current_user;
            ELSE
                IF NEW._created_by IS DISTINCT FROM OLD._created_by
                   OR (NEW._updated_by IS DISTINCT FROM OLD._updated_by AND NEW._updated_by <> current_user) THEN
                    RAISE insufficient_privilege USING MESSAGE = 'who created or changed a record is set by the server';
                END IF;
                IF NEW._json = OLD._json THEN
                    NEW._updated_by := OLD._updated_by;
                ELSE
                    NEW._updated_by := current_user;
                END IF;
            END IF;
            RETURN NEW;
        END $$
        """,
        // As the owner (SECURITY DEFINER): a desk writes its history only through its changes.
        // Inside it `current_user` is the owner; the desk is the session's role.
        """
        CREATE FUNCTION _pinform_row_history() RETURNS trigger LANGUAGE plpgsql
        SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                INSERT INTO _pinform_history (table_name, record_id, operation, changed_by, after)
                    VALUES (TG_TABLE_NAME, NEW.id, 'insert', session_user, NEW._json);
            ELSIF TG_OP = 'UPDATE' THEN
                IF NEW._json IS DISTINCT FROM OLD._json THEN
                    INSERT INTO _pinform_history (table_name, record_id, operation, changed_by, before, after)
                        VALUES (TG_TABLE_NAME, NEW.id, 'update', session_user, OLD._json, NEW._json);
                END IF;
            ELSE
                INSERT INTO _pinform_history (table_name, record_id, operation, changed_by, before)
                    VALUES (TG_TABLE_NAME, OLD.id, 'delete', session_user, OLD._json);
            END IF;
            RETURN NULL;
        END $$
        """,
        """
        CREATE FUNCTION _pinform_secure(target text) RETURNS void LANGUAGE plpgsql AS $$
        DECLARE
            readers boolean := EXISTS (SELECT FROM pg_roles WHERE rolname = '\(readers)');
            clerks boolean := EXISTS (SELECT FROM pg_roles WHERE rolname = '\(clerks)');
        BEGIN
            EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS _created_by text NOT NULL DEFAULT current_user', target);
            EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS _updated_by text NOT NULL DEFAULT current_user', target);
            EXECUTE format('CREATE OR REPLACE TRIGGER %I BEFORE INSERT OR UPDATE ON %I '
                || 'FOR EACH ROW EXECUTE FUNCTION _pinform_row_owned()', target || '_owned', target);
            EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
                || 'FOR EACH ROW EXECUTE FUNCTION _pinform_row_history()', target || '_history', target);
            EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', target);
            EXECUTE format('DROP POLICY IF EXISTS read ON %I', target);
            EXECUTE format('CREATE POLICY read ON %I FOR SELECT USING (true)', target);
            EXECUTE format('DROP POLICY IF EXISTS add ON %I', target);
            EXECUTE format('CREATE POLICY add ON %I FOR INSERT '
                || 'WITH CHECK (_created_by = current_user AND _updated_by = current_user)', target);
            EXECUTE format('DROP POLICY IF EXISTS change ON %I', target);
            EXECUTE format('CREATE POLICY change ON %I FOR UPDATE USING (true)', target);
            EXECUTE format('DROP POLICY IF EXISTS remove ON %I', target);
            EXECUTE format('CREATE POLICY remove ON %I FOR DELETE USING (_created_by = current_user)', target);
            IF readers THEN
                EXECUTE format('GRANT SELECT ON %I TO \(readers)', target);
                GRANT SELECT ON _pinform_schema, _pinform_tables, _pinform_history TO \(readers);
            END IF;
            IF clerks THEN
                EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO \(clerks)', target);
                GRANT SELECT ON _pinform_schema, _pinform_tables, _pinform_history TO \(clerks);
                -- A write holds its table's stamp row (and the stamp trigger raises it).
                GRANT UPDATE (stamp) ON _pinform_tables TO \(clerks);
            END IF;
        END $$
        """,
        "SELECT _pinform_secure(name) FROM _pinform_tables WHERE to_regclass(quote_ident(name)) IS NOT NULL",
    ]

    /// The SQL an administrator runs once, as PostgreSQL's superuser, in the shared database
    /// after the first desk (connected as the database's owner) set it up: it makes the groups
    /// and grants them every table Pinform made. Desks then get roles of their own:
    ///
    /// ```sql
    /// CREATE ROLE front_desk_1 LOGIN PASSWORD '…' IN ROLE pinform_clerks;
    /// CREATE ROLE accountant LOGIN PASSWORD '…' IN ROLE pinform_readers;
    /// ```
    ///
    /// It runs nothing the database's owner made or could redefine (issue 39, finding 4: it
    /// called `_pinform_secure`, which the owner could replace with `ALTER ROLE … SUPERUSER`):
    /// its search path is `pg_catalog` alone, so no function or operator of the owner's schema
    /// is found for a built-in one; it finds Pinform's tables in the system catalogs (the model
    /// tables are those with the history trigger, which the owner's desk made with the rest of
    /// their rules), not in a table of the owner's, and only grants — a grant runs no code.
    /// Running it again is harmless. `pinform --shared-setup-sql` prints it.
    public static let setupSQL = """
        -- Pinform: the groups of a shared database and their rights. Run as the superuser,
        -- e.g. sudo -u postgres psql -d DATABASE -f this-file.sql
        -- It calls no function of the database's owner: only the system catalogs are searched.
        SET search_path = pg_catalog, pg_temp;
        DO $$
        BEGIN
            IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = '\(readers)') THEN
                CREATE ROLE \(readers) NOLOGIN;
            END IF;
            IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = '\(clerks)') THEN
                CREATE ROLE \(clerks) NOLOGIN;
            END IF;
            EXECUTE pg_catalog.format('GRANT CONNECT ON DATABASE %I TO \(readers), \(clerks)', pg_catalog.current_database());
        END $$;
        -- Only the owner creates tables; the groups use them.
        REVOKE CREATE ON SCHEMA public FROM PUBLIC;
        GRANT USAGE ON SCHEMA public TO \(readers), \(clerks);
        DO $$
        DECLARE
            history regprocedure := pg_catalog.to_regprocedure('public._pinform_row_history()');
            model record;
            shared text;
        BEGIN
            -- The records' tables: those the history trigger watches.
            FOR model IN SELECT c.oid::regclass AS name, pg_catalog.pg_get_serial_sequence(c.oid::regclass::text, 'id') AS identities
                         FROM pg_catalog.pg_class c
                         WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
                           AND EXISTS (SELECT FROM pg_catalog.pg_trigger t WHERE t.tgrelid = c.oid AND t.tgfoid = history) LOOP
                EXECUTE pg_catalog.format('GRANT SELECT ON TABLE %s TO \(readers)', model.name);
                EXECUTE pg_catalog.format('GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE %s TO \(clerks)', model.name);
                IF model.identities IS NOT NULL THEN
                    EXECUTE pg_catalog.format('GRANT SELECT ON SEQUENCE %s TO \(clerks)', model.identities);
                END IF;
            END LOOP;
            -- The schema's version, the tables' stamps, the history, and the forms made in the app:
            -- the groups read them (only the owner changes forms).
            FOREACH shared IN ARRAY ARRAY['_pinform_schema', '_pinform_tables', '_pinform_history', '_pinform_form'] LOOP
                IF pg_catalog.to_regclass('public.' || shared) IS NOT NULL THEN
                    EXECUTE pg_catalog.format('GRANT SELECT ON TABLE public.%I TO \(readers), \(clerks)', shared);
                END IF;
            END LOOP;
            IF pg_catalog.to_regprocedure('public._pinform_once(uuid)') IS NOT NULL THEN
                GRANT EXECUTE ON FUNCTION public._pinform_once(uuid) TO \(clerks);
            END IF;
            IF pg_catalog.to_regprocedure('public._pinform_hold(text)') IS NOT NULL THEN
                GRANT EXECUTE ON FUNCTION public._pinform_hold(text) TO \(clerks);
            END IF;
        END $$;
        RESET search_path;

        """
}
