#pragma once
// SQLCipher (Debian's libsqlcipher-dev: SQLCipher 3.4.1 on SQLite 3.15.2): SQLite's API with
// whole-file encryption (pages, -wal, journals, temporary files) once a key is set. Without a
// key it reads and writes plain SQLite files, as the upgrade from a plaintext database needs.
// SQL used by the store must exist in SQLite 3.15.2: FTS3/4 but no FTS5, no UPSERT, no window
// functions, no ALTER TABLE RENAME/DROP COLUMN.
#define SQLITE_HAS_CODEC 1
#include <sqlcipher/sqlite3.h>
