#pragma once
// GNU gettext as glibc carries it (no extra library to link): message catalogs for the
// Localization module. Swift's Glibc module does not bring libintl.h in.
#include <libintl.h>
#include <locale.h>
