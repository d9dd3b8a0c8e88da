#pragma once
// libpq (Debian's libpq-dev: PostgreSQL 15's client library). Used only by the PostgresStore
// target (scripts/check-layers): every query goes through PQsendQueryParams with its values as
// parameters, never spliced into SQL text. Only the header: the library is not linked but
// opened with dlopen at the first connection (Sources/PostgresStore/LibPQ.swift), so that its
// 19 libraries are not loaded at every start. Debian puts the header under postgresql/.
#include <postgresql/libpq-fe.h>

// A memory-only file (memfd) for the client certificate's key while libpq reads it: libpq takes
// the key from a file name (`sslkey`), and /proc/self/fd/N names this file without any on disk.
// Called through the system call: Glibc's memfd_create is declared only with _GNU_SOURCE.
#include <sys/syscall.h>
#include <unistd.h>
static inline int pinform_memfd_create(const char *name) {
    return (int)syscall(SYS_memfd_create, name, 1u /* MFD_CLOEXEC: not inherited by children */);
}
