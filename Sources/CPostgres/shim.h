#pragma once
// libpq (Debian's libpq-dev: PostgreSQL 15's client library). Used only by the PostgresStore
// target (scripts/check-layers): every query goes through PQexecParams with its values as
// parameters, never spliced into SQL text.
#include <libpq-fe.h>
