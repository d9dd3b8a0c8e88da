#pragma once
#include <sodium.h>
#include <sys/prctl.h>
#include <sys/file.h>

// prctl is variadic and does not import into Swift. Returns 0 on success, -1 with errno set.
static inline int pf_set_not_dumpable(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }

// Whether the process may be dumped or ptraced by the user's other processes (1) or not (0).
static inline int pf_is_dumpable(void) { return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0); }
