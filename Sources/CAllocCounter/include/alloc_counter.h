#pragma once
#include <stdint.h>
/// Number of heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc)
/// made by this process since it started. Used by the benchmark only.
uint64_t pinform_allocation_count(void);
