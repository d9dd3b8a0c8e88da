#pragma once
// libpq (Debian's libpq-dev: PostgreSQL 15's client library). Used only by the PostgresStore
// target (scripts/check-layers): every query goes through PQexecParams with its values as
// parameters, never spliced into SQL text. Only the header: the library is not linked but
// opened with dlopen at the first connection (Sources/PostgresStore/LibPQ.swift), so that its
// 19 libraries are not loaded at every start. Debian puts the header under postgresql/.
#include <postgresql/libpq-fe.h>
