// Saves sent once, even when the connection dropped after `COMMIT` left the desk and before
// its answer came: the third migration. Each save carries an identity of its own (a UUID the
// desk chose when the person saved), recorded by `_pinform_once` in the save's transaction; a
// save sent again with an identity the server already holds changes nothing. The table is the
// owner's; desks write it only through the function (SECURITY DEFINER), one row per save.
extension PostgresSchema {
    static let operationsMigration: [String] = [
        """
        CREATE TABLE _pinform_operations (
            id uuid PRIMARY KEY,
            sent_by text NOT NULL,
            sent_at timestamp with time zone NOT NULL DEFAULT now()
        )
        """,
        """
        CREATE FUNCTION _pinform_once(operation uuid) RETURNS boolean LANGUAGE plpgsql
        SECURITY DEFINER SET search_path = pg_catalog, public AS $$
        BEGIN
            INSERT INTO _pinform_operations (id, sent_by) VALUES (operation, session_user) ON CONFLICT (id) DO NOTHING;
            RETURN FOUND;
        END $$
        """,
    ]
}
