#pragma once
// Small static inline helpers for what Swift cannot import from GTK 4:
// function-like macros (casts, type checks) and variadic functions.
#include <gtk/gtk.h>
