#pragma once
// SQLCipher (Debian's libsqlcipher-dev: SQLCipher 4.6.1 on SQLite 3.46.1 in Debian 13): SQLite's
// API with whole-file encryption (pages, -wal, journals, temporary files) once a key is set.
// Without a key it reads and writes plain SQLite files, as the upgrade from a plaintext database
// needs. Only the header: Storage opens the library with dlopen (SQLCipher.swift), by the soname
// the build recorded (Plugins/SystemLibraryNames).
#define SQLITE_HAS_CODEC 1
#include <sqlcipher/sqlite3.h>
