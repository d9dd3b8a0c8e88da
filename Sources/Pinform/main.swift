import CGtk
import Glibc
import Localization

// The PIN passes through this process's memory: never let it reach a core file.
var noCoreDumps = rlimit(rlim_cur: 0, rlim_max: 0)
setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCoreDumps)

// The user's language and locale (LC_ALL, LC_MESSAGES, LANG, LANGUAGE), before any text is made.
Localization.start(catalogs: DataFiles.catalogDirectory())

// Assistive technologies and window managers know the program by this name.
g_set_prgname("pinform")

let application = PinformApplication()
exit(application.run())
