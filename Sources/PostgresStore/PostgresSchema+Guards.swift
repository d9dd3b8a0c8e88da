// What only the server writes: the fourth migration (issue 39, finding 3).
//
// - Every function that runs with the owner's rights (SECURITY DEFINER) pins its search path to
//   `pg_catalog, public, pg_temp` and names its tables with their schema: a desk's temporary
//   table (`pg_temp` is searched first unless named) no longer takes the history's writes.
// - The table's change stamp is raised only by the stamp trigger, now as the owner; clerks lose
//   `UPDATE (stamp)` and hold the stamp row through `_pinform_hold` instead.
// - `_pinform_row_guarded` keeps a record's identity, version and times the server's, and its
//   typed columns and search text changing only together with its JSON (so every change of them
//   is in the history): on a change, a desk may not move `id`, and may not touch any column while
//   leaving `_json` as it was; on an insert, `id` must be the one the table's sequence just gave
//   (or a deleted record's, put back with the JSON it was deleted with: an undo, which takes its
//   times from the history), `_version` 1 and the times the server's. The owner, who may alter
//   the table anyway, is not bound (its migrations compute columns again).
// - Only the groups' members may call the functions: EXECUTE is revoked from PUBLIC, and
//   `_pinform_secure` grants `_pinform_once` and `_pinform_hold` to the clerks.
extension PostgresSchema {
    /// The search path every Pinform function runs with: `pg_temp` last, where nothing is found
    /// before the schema's own tables.
    static let pinnedPath = "pg_catalog, public, pg_temp"

    static let guardsMigration: [String] = [
        "ALTER TABLE _pinform_history ADD COLUMN record_created timestamp with time zone, "
            + "ADD COLUMN record_updated timestamp with time zone",
        """
        CREATE OR REPLACE FUNCTION _pinform_row_history() RETURNS trigger LANGUAGE plpgsql
        SECURITY DEFINER SET search_path = \(pinnedPath) AS $$
        BEGIN
            IF TG_TABLE_SCHEMA <> 'public' THEN
                RAISE insufficient_privilege USING MESSAGE = 'the history is kept only of the shared records';
            END IF;
            IF TG_OP = 'INSERT' THEN
                INSERT INTO public._pinform_history (table_name, record_id, operation, changed_by, after)
                    VALUES (TG_TABLE_NAME, NEW.id, 'insert', session_user, NEW._json);
            ELSIF TG_OP = 'UPDATE' THEN
                IF NEW._json IS DISTINCT FROM OLD._json THEN
                    INSERT INTO public._pinform_history (table_name, record_id, operation, changed_by, before, after)
                        VALUES (TG_TABLE_NAME, NEW.id, 'update', session_user, OLD._json, NEW._json);
                END IF;
            ELSE
                INSERT INTO public._pinform_history (table_name, record_id, operation, changed_by, before,
                                                     record_created, record_updated)
                    VALUES (TG_TABLE_NAME, OLD.id, 'delete', session_user, OLD._json, OLD._created, OLD._updated);
            END IF;
            RETURN NULL;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION _pinform_table_changed() RETURNS trigger LANGUAGE plpgsql
        SECURITY DEFINER SET search_path = \(pinnedPath) AS $$
        BEGIN
            IF TG_TABLE_SCHEMA = 'public' THEN
                UPDATE public._pinform_tables SET stamp = stamp + 1 WHERE name = TG_TABLE_NAME;
            END IF;
            RETURN NULL;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION _pinform_once(operation uuid) RETURNS boolean LANGUAGE plpgsql
        SECURITY DEFINER SET search_path = \(pinnedPath) AS $$
        BEGIN
            INSERT INTO public._pinform_operations (id, sent_by) VALUES (operation, session_user) ON CONFLICT (id) DO NOTHING;
            RETURN FOUND;
        END $$
        """,
        // The stamp row held for the rest of a write's transaction (no other desk writes the
        // table meanwhile), and the stamp as it was.
        """
        CREATE FUNCTION _pinform_hold(target text) RETURNS bigint LANGUAGE sql
        SECURITY DEFINER SET search_path = \(pinnedPath) AS $$
            SELECT stamp FROM public._pinform_tables WHERE name = target FOR UPDATE
        $$
        """,
        """
        CREATE FUNCTION _pinform_row_guarded() RETURNS trigger LANGUAGE plpgsql
        SET search_path = \(pinnedPath) AS $$
        DECLARE
            last record;
            fresh boolean;
        BEGIN
            IF pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = TG_RELID), 'USAGE') THEN
                RETURN NEW;
            END IF;
            IF TG_OP = 'UPDATE' THEN
                IF NEW.id IS DISTINCT FROM OLD.id THEN
                    RAISE insufficient_privilege USING MESSAGE = 'a record''s identity is set by the server';
                END IF;
                IF NEW._json = OLD._json AND (to_jsonb(NEW) - '_updated_by') IS DISTINCT FROM (to_jsonb(OLD) - '_updated_by') THEN
                    RAISE insufficient_privilege USING MESSAGE = 'a record''s columns change only with the record';
                END IF;
                RETURN NEW;
            END IF;
            -- Most inserts: the identity the sequence gave this statement (no history to read).
            BEGIN
                fresh := NEW.id = currval(pg_get_serial_sequence(format('%I.%I', TG_TABLE_SCHEMA, TG_TABLE_NAME), 'id'));
            EXCEPTION WHEN object_not_in_prerequisite_state THEN
                fresh := false;
            END;
            IF NOT (fresh AND NEW._created = now() AND NEW._updated = now()) THEN
                -- Only a deleted record put back as it was deleted (an undo), with its times.
                SELECT h.operation, h.before, h.record_created, h.record_updated INTO last FROM public._pinform_history h
                    WHERE h.table_name = TG_TABLE_NAME AND h.record_id = NEW.id ORDER BY h.id DESC LIMIT 1;
                IF NOT FOUND OR last.operation <> 'delete' OR last.before IS DISTINCT FROM NEW._json THEN
                    RAISE insufficient_privilege USING MESSAGE = 'a record''s identity and times are set by the server';
                END IF;
                NEW._created := coalesce(last.record_created, NEW._created);
                NEW._updated := coalesce(last.record_updated, NEW._updated);
            END IF;
            IF NEW._version <> 1 THEN
                RAISE insufficient_privilege USING MESSAGE = 'a record''s version is set by the server';
            END IF;
            RETURN NEW;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION _pinform_secure(target text) RETURNS void LANGUAGE plpgsql
        SET search_path = \(pinnedPath) AS $$
        DECLARE
            readers boolean := EXISTS (SELECT FROM pg_roles WHERE rolname = '\(readers)');
            clerks boolean := EXISTS (SELECT FROM pg_roles WHERE rolname = '\(clerks)');
        BEGIN
            EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS _created_by text NOT NULL DEFAULT current_user', target);
            EXECUTE format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS _updated_by text NOT NULL DEFAULT current_user', target);
            EXECUTE format('CREATE OR REPLACE TRIGGER %I BEFORE INSERT OR UPDATE ON %I '
                || 'FOR EACH ROW EXECUTE FUNCTION _pinform_row_guarded()', target || '_guarded', target);
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
                -- `currval`, by which the guard knows an identity the sequence gave.
                EXECUTE format('GRANT SELECT ON SEQUENCE %s TO \(clerks)', pg_get_serial_sequence(quote_ident(target), 'id'));
                GRANT SELECT ON _pinform_schema, _pinform_tables, _pinform_history TO \(clerks);
                REVOKE UPDATE (stamp) ON _pinform_tables FROM \(clerks);
                GRANT EXECUTE ON FUNCTION _pinform_once(uuid), _pinform_hold(text) TO \(clerks);
            END IF;
        END $$
        """,
        "ALTER FUNCTION _pinform_row_owned() SET search_path = \(pinnedPath)",
        "ALTER FUNCTION _pinform_row_versioned() SET search_path = \(pinnedPath)",
        "ALTER FUNCTION _pinform_row_changed() SET search_path = \(pinnedPath)",
        "REVOKE EXECUTE ON FUNCTION _pinform_row_changed(), _pinform_table_changed(), _pinform_row_versioned(), "
            + "_pinform_row_owned(), _pinform_row_history(), _pinform_row_guarded(), _pinform_secure(text), "
            + "_pinform_once(uuid), _pinform_hold(text) FROM PUBLIC",
        """
        DO $$ BEGIN
            IF EXISTS (SELECT FROM pg_roles WHERE rolname = '\(clerks)') THEN
                REVOKE UPDATE (stamp) ON _pinform_tables FROM \(clerks);
            END IF;
        END $$
        """,
        "SELECT _pinform_secure(name) FROM _pinform_tables WHERE to_regclass(quote_ident(name)) IS NOT NULL",
    ]
}
